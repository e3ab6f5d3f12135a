import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bech32, bech32m } from '@scure/base'
import type { IdentifierArray, Wallet, WalletAccount, WindowAppReadyEventAPI } from '@wallet-standard/base'
import type {
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import type {
  BitcoinAddressPurpose,
  BitcoinConnectFeature,
  BitcoinSignMessageFeature,
} from '../core/adapters/bip122/bitcoinStandardConnector.js'
import { devnetWalletIcon } from './devnetWalletIcon.js'
import { createCustomEvent, resolveEventTarget, type TestWalletEventTarget } from './eventTarget.js'
import { TestProviderRpcError } from './testProviderRpcError.js'
import { bytesToHex, createTestWalletUser, hexToBytes } from './testWalletPrompts.js'
import { TestWalletUsageError } from './testWalletUsageError.js'

/**
 * Options of {@link createTestBitcoinWallet}.
 *
 * @example
 * const options: CreateTestBitcoinWalletParameters = { privateKeys: bip122Accounts.map((a) => a.privateKey) }
 */
export type CreateTestBitcoinWalletParameters = {
  /** secp256k1 private keys (hex), one per account: each gives a P2WPKH payment and a P2TR ordinals address. */
  privateKeys: readonly string[]
  /** Segwit human-readable part: `bc`, `tb` or `bcrt` (default, regtest). */
  hrp?: 'bc' | 'tb' | 'bcrt' | undefined
  /** Wallet Standard chains. Default `['bitcoin:regtest']`. */
  chains?: IdentifierArray | undefined
  name?: string | undefined
}

/** A prompt of the Bitcoin test wallet that can be declined. */
export type TestBitcoinWalletPrompt = 'bitcoin:connect' | 'bitcoin:signMessage'

/** The features the Bitcoin test wallet registers. */
export type TestBitcoinWalletFeatures = BitcoinConnectFeature &
  BitcoinSignMessageFeature &
  StandardDisconnectFeature &
  StandardEventsFeature

/**
 * What {@link createTestBitcoinWallet} returns: the Wallet Standard wallet plus the "user's" controls.
 *
 * @example
 * const btc: CreateTestBitcoinWalletReturnType = createTestBitcoinWallet(options)
 * const unregister = btc.register()
 */
export type CreateTestBitcoinWalletReturnType = {
  wallet: Wallet & { readonly features: TestBitcoinWalletFeatures }
  /** Registers through the Wallet Standard app-ready protocol on `target` (default `window`). Returns unregister. */
  register(target?: TestWalletEventTarget): () => void
  /** The next prompt (of `feature`, or any) fails with a 4001 error. Silent connects never prompt. */
  rejectNext(feature?: TestBitcoinWalletPrompt): void
  setRejectAll(reject: boolean): void
  /** Selects another account; emits `change` when connected. */
  setAccount(index: number): void
  /** The user revokes the site: emits `change` with no accounts; a silent connect then returns none. */
  disconnectFromWallet(): void
  readonly requests: readonly { readonly method: string; readonly input: unknown }[]
  /** The selected account's addresses by purpose. */
  readonly addresses: { readonly payment: string; readonly ordinals: string }
  readonly connected: boolean
}

const utf8 = new TextEncoder()

/**
 * Creates a Wallet Standard Bitcoin wallet (`bitcoin:connect` with payment and ordinals purposes,
 * `bitcoin:signMessage`, `standard:disconnect`, `standard:events`) with real secp256k1 keys, for
 * tests and the demo: each key gives a P2WPKH payment address (bech32) and a P2TR ordinals address
 * (bech32m, BIP-86 key-path tweak). Messages are signed BIP-137 style (65-byte compact signature,
 * header 39 + recovery id) with the payment key; ordinals (taproot) message signing needs BIP-322
 * and is refused. It does not sign PSBTs. Touches no global until `register()`.
 *
 * @example
 * import { bip122Accounts } from '@portico/devnet'
 * import { createTestBitcoinWallet } from '@portico/headless/testing'
 *
 * const btc = createTestBitcoinWallet({ privateKeys: bip122Accounts.map((a) => a.privateKey) })
 * const unregister = btc.register() // the bip122 adapter lists "Devnet Wallet"
 */
export function createTestBitcoinWallet(parameters: CreateTestBitcoinWalletParameters): CreateTestBitcoinWalletReturnType {
  const hrp = parameters.hrp ?? 'bcrt'
  const chains: IdentifierArray = Object.freeze([...(parameters.chains ?? ['bitcoin:regtest'])])
  if (parameters.privateKeys.length === 0)
    throw new TestWalletUsageError('The Bitcoin test wallet needs at least one key.', {
      fix: "Pass the devnet's `bip122Accounts.map((a) => a.privateKey)`.",
    })
  const keys = parameters.privateKeys.map((privateKey) => {
    const secret = hexToBytes(privateKey)
    const publicKey = secp256k1.getPublicKey(secret, true)
    const outputKey = taprootOutputKey(schnorr.getPublicKey(secret))
    const account = (address: string, key: Uint8Array, purpose: BitcoinAddressPurpose) =>
      Object.freeze({
        address,
        publicKey: key,
        chains,
        features: Object.freeze(['bitcoin:signMessage'] as const),
        purpose,
      }) as WalletAccount & { purpose: BitcoinAddressPurpose }
    const payment = account(bech32.encode(hrp, [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]), publicKey, 'payment')
    const ordinals = account(bech32m.encode(hrp, [1, ...bech32m.toWords(outputKey)]), outputKey, 'ordinals')
    return { secret, payment, ordinals }
  })
  const user = createTestWalletUser<TestBitcoinWalletPrompt>()
  const listeners = new Set<StandardEventsListeners['change']>()
  let index = 0
  let authorized = false
  let connected = false
  let purposes: BitcoinAddressPurpose[] = ['payment', 'ordinals']
  const current = () => keys[index] as (typeof keys)[number]
  const exposed = () =>
    connected ? purposes.map((p) => (p === 'payment' ? current().payment : current().ordinals)) : []
  const emit = () => {
    for (const listener of listeners) listener({ accounts: exposed() })
  }

  const features: TestBitcoinWalletFeatures = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input) {
        const requested = Array.isArray(input?.purposes) ? input.purposes.filter((p) => p === 'payment' || p === 'ordinals') : []
        if (requested.length === 0) throw new TestProviderRpcError({ code: -32602, message: 'connect needs purposes' })
        if (input.silent) {
          user.log('bitcoin:connect', input)
          if (!authorized) return { accounts: [] }
        } else if (!authorized) {
          user.prompt('bitcoin:connect', input)
        } else user.log('bitcoin:connect', input)
        authorized = true
        connected = true
        purposes = requested
        return { accounts: exposed() }
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs) {
        user.prompt('bitcoin:signMessage', inputs)
        return inputs.map(({ account, message }) => {
          if (!connected || !exposed().some((a) => a.address === account.address))
            throw new TestProviderRpcError({ code: 4100, message: `${account.address} is not connected` })
          if (account.address !== current().payment.address)
            throw new TestProviderRpcError({ code: 4200, message: 'Taproot (ordinals) addresses sign with BIP-322, which this wallet does not' })
          const recovered = secp256k1.sign(messageHash(message), current().secret, { prehash: false, format: 'recovered' })
          const signature = new Uint8Array(65)
          // BIP-137 header for a P2WPKH key: 39 + recovery id.
          signature[0] = 39 + (recovered[0] ?? 0)
          signature.set(recovered.subarray(1), 1)
          return { signedMessage: message, signature }
        })
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        user.log('standard:disconnect', undefined)
        connected = false
        emit()
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  }

  const wallet = Object.freeze({
    version: '1.0.0' as const,
    name: parameters.name ?? 'Devnet Wallet',
    icon: devnetWalletIcon,
    chains,
    features,
    get accounts() {
      return exposed()
    },
  })

  return {
    wallet,
    register(target) {
      const eventTarget = resolveEventTarget(target, 'register')
      const unregisters: (() => void)[] = []
      const callback = ({ register }: WindowAppReadyEventAPI) => {
        unregisters.push(register(wallet))
      }
      const onAppReady = (event: Event) => callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
      eventTarget.addEventListener('wallet-standard:app-ready', onAppReady)
      eventTarget.dispatchEvent(createCustomEvent(eventTarget, 'wallet-standard:register-wallet', callback))
      return () => {
        eventTarget.removeEventListener('wallet-standard:app-ready', onAppReady)
        for (const unregister of unregisters.splice(0)) unregister()
      }
    },
    rejectNext: user.rejectNext,
    setRejectAll: user.setRejectAll,
    setAccount(next) {
      if (!Number.isInteger(next) || next < 0 || next >= keys.length)
        throw new TestWalletUsageError(`Account index ${next} is out of range.`, {
          fix: `The wallet has ${keys.length} account(s): use 0 to ${keys.length - 1}.`,
        })
      index = next
      if (connected) emit()
    },
    disconnectFromWallet() {
      authorized = false
      connected = false
      emit()
    },
    get requests() {
      return user.requests
    },
    get addresses() {
      return { payment: current().payment.address, ordinals: current().ordinals.address }
    },
    get connected() {
      return connected
    },
  }
}

/** double-sha256("\x18Bitcoin Signed Message:\n" ‖ varint(length) ‖ message). */
function messageHash(message: Uint8Array): Uint8Array {
  const length =
    message.length < 0xfd ? [message.length] : [0xfd, message.length & 0xff, (message.length >> 8) & 0xff]
  return sha256(sha256(new Uint8Array([...utf8.encode('\x18Bitcoin Signed Message:\n'), ...length, ...message])))
}

/** BIP-86: the internal key tweaked by its TapTweak hash (no script tree), x-only. */
function taprootOutputKey(internalKey: Uint8Array): Uint8Array {
  const { Point, utils } = schnorr
  const tweak = BigInt(`0x${bytesToHex(utils.taggedHash('TapTweak', internalKey))}`)
  const point = utils.lift_x(BigInt(`0x${bytesToHex(internalKey)}`)).add(Point.BASE.multiply(tweak))
  return utils.pointToBytes(point)
}
