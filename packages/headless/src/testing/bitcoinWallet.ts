import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, bech32, bech32m } from '@scure/base'
import { NETWORK as MAINNET, p2wpkh, TEST_NETWORK, Transaction } from '@scure/btc-signer'
import type { IdentifierArray, Wallet, WalletAccount, WindowAppReadyEventAPI } from '@wallet-standard/base'
import type {
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import type {
  BitcoinAddressPurpose,
  BitcoinConnectFeature,
  BitcoinInputToSign,
  BitcoinSignMessageFeature,
  BitcoinSignTransactionFeature,
} from '../kernel/adapters/bip122/bitcoinStandardConnector.js'
import type { SatsConnectProvider, SatsConnectResponse } from '../kernel/adapters/bip122/satsConnectConnector.js'
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
  /**
   * Outputs the first account's payment address can spend, for `sendTransfer`: the wallet builds,
   * signs and finalizes a real transaction from them (there is no Bitcoin chain here to broadcast
   * it to; it is kept in `sentTransactions`). Without them `sendTransfer` fails after the prompt.
   */
  utxos?: readonly { txid: string; vout: number; amount: bigint }[] | undefined
}

/**
 * A prompt of the Bitcoin test wallet that can be declined (Wallet Standard features and
 * sats-connect methods).
 *
 * @example
 * btc.rejectNext('bitcoin:signMessage' satisfies TestBitcoinWalletPrompt)
 */
export type TestBitcoinWalletPrompt =
  | 'bitcoin:connect'
  | 'bitcoin:signMessage'
  | 'getAccounts'
  | 'signMessage'
  | 'sendTransfer'
  | 'bitcoin:signTransaction'
  | 'signPsbt'

/**
 * The features the Bitcoin test wallet registers.
 *
 * @example
 * const { 'bitcoin:connect': connect }: TestBitcoinWalletFeatures = btc.wallet.features
 */
export type TestBitcoinWalletFeatures = BitcoinConnectFeature &
  BitcoinSignMessageFeature &
  BitcoinSignTransactionFeature &
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
  /**
   * The same wallet as a sats-connect style provider (`request(method, params)` answering
   * `{result}` or `{error}`, user rejections `-32000`): `getAccounts`, `wallet_getAccount`,
   * `signMessage`, `signPsbt` (`broadcast` fails: there is no Bitcoin chain to broadcast to),
   * `sendTransfer` (a real signed transaction from the `utxos` option, kept in `sentTransactions`),
   * `wallet_renouncePermissions`, and `addListener('accountChange')`.
   */
  satsProvider: SatsConnectProvider
  /**
   * Puts {@link satsProvider} at `target.DevnetWallet.BitcoinProvider` and announces it in
   * `target.btc_providers` (the sats-connect discovery list). Returns the function that removes it.
   */
  injectSatsConnect(target?: object): () => void
  /** The next prompt (of `feature`, or any) fails with a 4001 error. Silent connects never prompt. */
  rejectNext(feature?: TestBitcoinWalletPrompt): void
  setRejectAll(reject: boolean): void
  /** Selects another account; emits `change` when connected. */
  setAccount(index: number): void
  /** The user revokes the site: emits `change` with no accounts; a silent connect then returns none. */
  disconnectFromWallet(): void
  readonly requests: readonly { readonly method: string; readonly input: unknown }[]
  /** Raw transactions (hex) `sendTransfer` signed, oldest first. */
  readonly sentTransactions: readonly string[]
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
 * and is refused. PSBTs (`bitcoin:signTransaction`, sats-connect `signPsbt`) are parsed and signed
 * for real with @scure/btc-signer (P2WPKH inputs by the payment key, BIP-86 key-path inputs by the
 * ordinals key); a malformed PSBT or an input the wallet cannot sign is refused (-32602). The same wallet is also a sats-connect style provider
 * ({@link CreateTestBitcoinWalletReturnType.satsProvider}, `injectSatsConnect()`). Touches no
 * global until `register()` or `injectSatsConnect()`.
 *
 * @example
 * import { bip122Accounts } from '@portico/devnet'
 * import { createTestBitcoinWallet } from '@portico/headless/testing'
 *
 * const btc = createTestBitcoinWallet({ privateKeys: bip122Accounts.map((a) => a.privateKey) })
 * const unregister = btc.register() // the bip122 adapter lists "Devnet Wallet"
 */
export function createTestBitcoinWallet(
  parameters: CreateTestBitcoinWalletParameters,
): CreateTestBitcoinWalletReturnType {
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
        features: Object.freeze(['bitcoin:signMessage', 'bitcoin:signTransaction'] as const),
        purpose,
      }) as WalletAccount & { purpose: BitcoinAddressPurpose }
    const payment = account(
      bech32.encode(hrp, [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]),
      publicKey,
      'payment',
    )
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
  const satsListeners = new Set<(event: unknown) => void>()
  const emit = () => {
    for (const listener of listeners) listener({ accounts: exposed() })
    for (const listener of satsListeners) listener({ type: 'accountChange' })
  }
  /** BIP-137: a 65-byte compact signature, header 39 + recovery id (P2WPKH), by the payment key. */
  const signPayment = (address: string, message: Uint8Array) => {
    if (!connected || !exposed().some((a) => a.address === address))
      throw new TestProviderRpcError({ code: 4100, message: `${address} is not connected` })
    if (address !== current().payment.address)
      throw new TestProviderRpcError({
        code: 4200,
        message: 'Taproot (ordinals) addresses sign with BIP-322, which this wallet does not',
      })
    const recovered = secp256k1.sign(messageHash(message), current().secret)
    const signature = new Uint8Array(65)
    signature[0] = 39 + recovered.recovery
    signature.set(recovered.toCompactRawBytes(), 1)
    return signature
  }

  const network = btcNetwork(hrp)
  /** The key that signs for a connected address: the payment key, or the same secret for taproot (btc-signer tweaks it). */
  const signerFor = (address: string) => {
    if (!connected || !exposed().some((a) => a.address === address))
      throw new TestProviderRpcError({ code: 4100, message: `${address} is not connected` })
    return current().secret
  }
  const signPsbt = (
    psbt: Uint8Array,
    toSign: readonly { address: string; indexes: readonly number[]; sigHash?: number | undefined }[],
  ) => {
    let tx: Transaction
    try {
      tx = Transaction.fromPSBT(psbt)
    } catch (error) {
      throw new TestProviderRpcError({ code: -32602, message: `Invalid PSBT: ${(error as Error).message}` })
    }
    for (const { address, indexes, sigHash } of toSign) {
      const secret = signerFor(address)
      for (const index of indexes) {
        if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength)
          throw new TestProviderRpcError({ code: -32602, message: `The PSBT has no input ${index}` })
        try {
          tx.signIdx(secret, index, sigHash === undefined ? undefined : [sigHash])
        } catch (error) {
          throw new TestProviderRpcError({
            code: -32602,
            message: `Cannot sign input ${index} with ${address}: ${(error as Error).message}`,
          })
        }
      }
    }
    return tx.toPSBT()
  }
  let utxos = [...(parameters.utxos ?? [])]
  const sentTransactions: string[] = []
  /** Pays `recipients` from the first account's outputs, change back to it; signs and finalizes. */
  const sendTransfer = (recipients: readonly { address: string; amount: bigint }[]) => {
    const payer = keys[0] as (typeof keys)[number]
    const script = p2wpkh(Uint8Array.from(payer.payment.publicKey), network).script
    const total = utxos.reduce((sum, utxo) => sum + utxo.amount, 0n)
    const paid = recipients.reduce((sum, r) => sum + r.amount, 0n)
    // 1 sat/vB over a generous size estimate: enough for regtest, and the test reads it back.
    const fee = BigInt(11 + 68 * utxos.length + 31 * (recipients.length + 1))
    if (index !== 0 || utxos.length === 0 || total < paid + fee)
      throw new TestProviderRpcError({ code: -32603, message: 'Insufficient funds' })
    const tx = new Transaction()
    for (const utxo of utxos)
      tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: utxo.amount } })
    for (const recipient of recipients) {
      try {
        tx.addOutputAddress(recipient.address, recipient.amount, network)
      } catch (error) {
        throw new TestProviderRpcError({ code: -32602, message: `Invalid recipient: ${(error as Error).message}` })
      }
    }
    const change = total - paid - fee
    if (change > 0n) tx.addOutputAddress(payer.payment.address, change, network)
    tx.sign(payer.secret)
    tx.finalize()
    sentTransactions.push(bytesToHex(tx.extract()))
    utxos = change > 0n ? [{ txid: tx.id, vout: recipients.length, amount: change }] : []
    return tx.id
  }

  const features: TestBitcoinWalletFeatures = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input) {
        const requested = Array.isArray(input?.purposes)
          ? input.purposes.filter((p) => p === 'payment' || p === 'ordinals')
          : []
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
        return inputs.map(({ account, message }) => ({
          signedMessage: message,
          signature: signPayment(account.address, message),
        }))
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(...inputs) {
        user.prompt('bitcoin:signTransaction', inputs)
        return inputs.map(({ psbt, inputsToSign }) => ({
          signedPsbt: signPsbt(
            psbt,
            (inputsToSign ?? []).map((item: BitcoinInputToSign) => ({
              address: item.account.address,
              indexes: item.signingIndexes,
              sigHash: item.sigHash,
            })),
          ),
        }))
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

  const answer = async (run: () => unknown): Promise<SatsConnectResponse> => {
    try {
      return { result: await run() }
    } catch (error) {
      const { code, message } = error as { code?: number; message: string }
      // sats-connect answers errors instead of throwing; a user rejection is -32000 there.
      return { error: { code: code === 4001 ? -32000 : (code ?? -32603), message } }
    }
  }
  const satsAddresses = () =>
    exposed().map((a) => ({
      address: a.address,
      publicKey: bytesToHex(a.publicKey),
      purpose: a.purpose,
      addressType: a.purpose === 'payment' ? 'p2wpkh' : 'p2tr',
    }))
  const satsProvider: SatsConnectProvider = {
    request: (method, params) =>
      answer(() => {
        const input = (params ?? {}) as Record<string, unknown>
        switch (method) {
          case 'getAccounts': {
            const requested = Array.isArray(input.purposes)
              ? input.purposes.filter((p) => p === 'payment' || p === 'ordinals')
              : []
            if (!requested.length)
              throw new TestProviderRpcError({ code: -32602, message: 'getAccounts needs purposes' })
            if (authorized) user.log('getAccounts', input)
            else user.prompt('getAccounts', input)
            authorized = true
            connected = true
            purposes = requested
            return satsAddresses()
          }
          case 'wallet_getAccount':
            user.log(method, input)
            if (!authorized) throw new TestProviderRpcError({ code: -32002, message: 'Access denied' })
            connected = true
            return { addresses: satsAddresses() }
          case 'signMessage': {
            user.prompt('signMessage', input)
            if (input.protocol !== undefined && input.protocol !== 'ECDSA')
              throw new TestProviderRpcError({ code: 4200, message: 'Only ECDSA (BIP-137) signatures' })
            const message = utf8.encode(String(input.message))
            const signature = signPayment(String(input.address), message)
            return {
              address: input.address,
              signature: base64.encode(signature),
              messageHash: bytesToHex(messageHash(message)),
            }
          }
          case 'signPsbt': {
            user.prompt('signPsbt', input)
            let psbt: Uint8Array
            try {
              psbt = base64.decode(String(input.psbt))
            } catch {
              throw new TestProviderRpcError({ code: -32602, message: 'Invalid PSBT: not base64' })
            }
            const toSign = Object.entries((input.signInputs ?? {}) as Record<string, number[]>).map(
              ([address, indexes]) => ({ address, indexes: Array.isArray(indexes) ? indexes : [] }),
            )
            const signed = base64.encode(signPsbt(psbt, toSign))
            if (input.broadcast === true)
              throw new TestProviderRpcError({
                code: -32603,
                message: 'No Bitcoin chain to broadcast to (the devnet has none)',
              })
            return { psbt: signed }
          }
          case 'sendTransfer': {
            const recipients = input.recipients
            if (!Array.isArray(recipients) || recipients.length === 0)
              throw new TestProviderRpcError({ code: -32602, message: 'sendTransfer needs recipients' })
            user.prompt('sendTransfer', input)
            return {
              txid: sendTransfer(
                recipients.map((r: { address?: unknown; amount?: unknown }) => ({
                  address: String(r?.address),
                  amount: BigInt(Number(r?.amount) > 0 ? Math.trunc(Number(r.amount)) : 0),
                })),
              ),
            }
          }
          case 'wallet_renouncePermissions':
            user.log(method, input)
            authorized = false
            connected = false
            return null
          default:
            user.log(method, input)
            throw new TestProviderRpcError({ code: -32601, message: `Method not supported: ${method}` })
        }
      }),
    addListener(event, listener) {
      if (event !== 'accountChange') return () => {}
      satsListeners.add(listener)
      return () => {
        satsListeners.delete(listener)
      }
    },
  }

  return {
    wallet,
    satsProvider,
    injectSatsConnect(target) {
      const into = resolveEventTarget(target as Record<string, unknown> | undefined, 'injectSatsConnect') as Record<
        string,
        unknown
      >
      const holder = { BitcoinProvider: satsProvider }
      const entry = { id: 'DevnetWallet.BitcoinProvider', name: wallet.name, icon: wallet.icon }
      into.DevnetWallet = holder
      if (!Array.isArray(into.btc_providers)) into.btc_providers = []
      const list = into.btc_providers as unknown[]
      list.push(entry)
      return () => {
        if (into.DevnetWallet === holder) Reflect.deleteProperty(into, 'DevnetWallet')
        const at = list.indexOf(entry)
        if (at >= 0) list.splice(at, 1)
      }
    },
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
    get sentTransactions() {
      return sentTransactions
    },
    get addresses() {
      return { payment: current().payment.address, ordinals: current().ordinals.address }
    },
    get connected() {
      return connected
    },
  }
}

/** btc-signer's network parameters for a segwit human-readable part. */
function btcNetwork(hrp: 'bc' | 'tb' | 'bcrt'): typeof TEST_NETWORK {
  if (hrp === 'bc') return MAINNET
  return hrp === 'tb' ? TEST_NETWORK : { ...TEST_NETWORK, bech32: 'bcrt' }
}

/** double-sha256("\x18Bitcoin Signed Message:\n" ‖ varint(length) ‖ message). */
function messageHash(message: Uint8Array): Uint8Array {
  const length = message.length < 0xfd ? [message.length] : [0xfd, message.length & 0xff, (message.length >> 8) & 0xff]
  return sha256(sha256(new Uint8Array([...utf8.encode('\x18Bitcoin Signed Message:\n'), ...length, ...message])))
}

/** BIP-86: the internal key tweaked by its TapTweak hash (no script tree), x-only. */
function taprootOutputKey(internalKey: Uint8Array): Uint8Array {
  const { utils } = schnorr
  const tweak = BigInt(`0x${bytesToHex(utils.taggedHash('TapTweak', internalKey))}`)
  const point = utils.lift_x(BigInt(`0x${bytesToHex(internalKey)}`)).add(secp256k1.ProjectivePoint.BASE.multiply(tweak))
  return utils.pointToBytes(point)
}
