import { base64 } from '@scure/base'
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { AccountType, Connector, ConnectorConnection, PorticoNetwork } from '../../types.js'
import type { CaipNetworkId } from '../../utils/caip.js'
import { isBitcoinAddress } from '../../utils/namespaceAddress.js'
import { walletFeature as feature, type StandardWalletEntry } from '../../utils/walletStandard.js'
import { checkPsbt, decodePsbt } from './psbt.js'

/** The purposes a Bitcoin wallet gives addresses for: payments (the default) and ordinals (inscriptions). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** The Wallet Standard `bitcoin:connect` feature. */
export type BitcoinConnectFeature = {
  'bitcoin:connect': {
    version: string
    connect(input: { purposes: BitcoinAddressPurpose[]; silent?: boolean }): Promise<{
      accounts: readonly (WalletAccount & { purpose?: BitcoinAddressPurpose })[]
    }>
  }
}

/** The Wallet Standard `bitcoin:signMessage` feature (ECDSA, BIP-137 compact signatures). */
export type BitcoinSignMessageFeature = {
  'bitcoin:signMessage': {
    version: string
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}

/** One input a PSBT signing asks the wallet to sign. */
export type BitcoinInputToSign = { account: WalletAccount; signingIndexes: number[]; sigHash?: number | undefined }

/** The Wallet Standard `bitcoin:signTransaction` feature (PSBTs). */
export type BitcoinSignTransactionFeature = {
  'bitcoin:signTransaction': {
    version: string
    signTransaction(
      ...inputs: { psbt: Uint8Array; inputsToSign: BitcoinInputToSign[]; chain?: IdentifierString }[]
    ): Promise<{ signedPsbt: Uint8Array }[]>
  }
}

/** The Wallet Standard `bitcoin:signAndSendTransaction` feature (signs a PSBT and broadcasts it). */
export type BitcoinSignAndSendTransactionFeature = {
  'bitcoin:signAndSendTransaction': {
    version: string
    signAndSendTransaction(
      ...inputs: { psbt: Uint8Array; inputsToSign: BitcoinInputToSign[]; chain: IdentifierString }[]
    ): Promise<{ txId: string }[]>
  }
}

/** The Wallet Standard chain (`bitcoin:mainnet`, `bitcoin:regtest`…) of a CAIP-2 network. */
export type BitcoinWalletChainOf = (caipNetworkId: CaipNetworkId) => IdentifierString

/**
 * An account's purpose: the wallet's own `purpose` where it gives one, else taproot (`bc1p…`)
 * addresses are ordinals and the others payment, as Bitcoin wallets split them.
 */
export function bitcoinAccountPurpose(account: { address: string; purpose?: unknown }): BitcoinAddressPurpose {
  if (account.purpose === 'payment' || account.purpose === 'ordinals') return account.purpose
  return /^(bc|tb|bcrt)1p/i.test(account.address) ? 'ordinals' : 'payment'
}

/** Portico's account type of a purpose (spec: bip122 `payment` and `ordinal`). */
export const accountTypeOf = (purpose: BitcoinAddressPurpose): AccountType =>
  purpose === 'payment' ? 'payment' : 'ordinal'

/**
 * @internal
 * The connector contract over a Wallet Standard Bitcoin wallet. `connect` asks for payment and
 * ordinals addresses and lists the payment ones first (the spec's default bip122 account type).
 * Requests take WalletConnect's bip122 format, so installed and WalletConnect Bitcoin wallets take
 * the same calls: `signMessage` {account|address, message, protocol?: 'ecdsa'} → {address,
 * signature (base64)}; `signPsbt` {psbt (base64), signInputs: [{address, index, sighashTypes?}],
 * broadcast?} → {psbt, txid?}: signed, the wallet's PSBT; broadcast, the txid beside the PSBT as it
 * was sent, unsigned (`bitcoin:signAndSendTransaction` answers only a txid, and signing first
 * would ask the user twice); `getAccountAddresses` {intentions?} → [{address, publicKey,
 * intention}]. `sendTransfer` needs the wallet to pick UTXOs, which the Wallet Standard features
 * cannot: it is refused with the typed 'Requested RPC call is not allowed' error.
 */
export function createBitcoinStandardConnector(
  { wallet, name, icon }: StandardWalletEntry,
  walletChain: BitcoinWalletChainOf,
): Connector {
  const connectWith = async (network: PorticoNetwork | undefined, silent: boolean): Promise<ConnectorConnection[]> => {
    const connect = feature<BitcoinConnectFeature>(wallet, 'bitcoin:connect')
    const { accounts } = await connect.connect({ purposes: ['payment', 'ordinals'], ...(silent ? { silent } : {}) })
    const addresses = orderedAddresses(accounts ?? [])
    if (addresses.length === 0) return []
    return [{ namespace: 'bip122', accounts: addresses, caipNetworkId: network?.caipNetworkId }]
  }
  const accountFor = (address: string): WalletAccount => {
    const account = wallet.accounts.find((a) => a.address === address)
    if (!account) throw new TypeError(`The wallet does not expose ${address}`)
    return account
  }
  // The feature signs bytes: text is encoded, a caller's bytes go as they are (decoding them as text
  // would replace what is not UTF-8, and the wallet would sign other bytes than the app passed).
  const signMessage = async (address: string, message: string | Uint8Array) => {
    const [output] = await feature<BitcoinSignMessageFeature>(wallet, 'bitcoin:signMessage').signMessage({
      account: accountFor(address),
      message: typeof message === 'string' ? new TextEncoder().encode(message) : message,
    })
    if (!(output?.signature instanceof Uint8Array) || output.signature.length < 64)
      throw new TypeError('The wallet returned a malformed bitcoin signature')
    return base64.encode(output.signature)
  }

  return {
    id: name,
    uid: `bip122:${name}`,
    name,
    imageUrl: icon,
    chain: 'bip122',
    type: 'ANNOUNCED',
    provider: wallet,

    connect: ({ networks }) => connectWith(networks.bip122, false),
    reconnect: ({ networks }) => connectWith(networks.bip122, true).catch(() => []),

    async disconnect() {
      const disconnect = wallet.features['standard:disconnect'] as
        | StandardDisconnectFeature['standard:disconnect']
        | undefined
      await disconnect?.disconnect()
    },

    async switchNetwork() {
      // The app picks the network: PSBTs and addresses carry it, the wallet has no current chain to move.
    },

    signMessage: ({ address, message }) => signMessage(address, message),

    async request({ chainId, address, method, params }) {
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'signMessage': {
          if (input.protocol !== undefined && input.protocol !== 'ecdsa')
            throw new RequestNotApprovedError({
              method: `signMessage (${String(input.protocol)})`,
              chainId,
              reason: 'method',
            })
          if (typeof input.message !== 'string') throw new TypeError('`message` must be a string')
          const signer = addressParam(input.address ?? input.account, address)
          return { address: signer, signature: await signMessage(signer, input.message) }
        }
        case 'signPsbt': {
          const psbt = decodePsbt(input.psbt, 'request')
          const inputsToSign = signInputs(input.signInputs, address, accountFor)
          if (input.broadcast === true) {
            const send = feature<BitcoinSignAndSendTransactionFeature>(wallet, 'bitcoin:signAndSendTransaction')
            const [output] = await send.signAndSendTransaction({ psbt, inputsToSign, chain: walletChain(chainId) })
            if (typeof output?.txId !== 'string') throw new TypeError('The wallet returned no transaction id')
            return { psbt: base64.encode(psbt), txid: output.txId }
          }
          const sign = feature<BitcoinSignTransactionFeature>(wallet, 'bitcoin:signTransaction')
          const [output] = await sign.signTransaction({ psbt, inputsToSign, chain: walletChain(chainId) })
          return { psbt: base64.encode(checkPsbt(output?.signedPsbt, 'wallet')) }
        }
        case 'getAccountAddresses': {
          const intentions = Array.isArray(input.intentions) ? input.intentions : undefined
          return wallet.accounts
            .filter((a) => isBitcoinAddress(a.address))
            .map((a) => ({
              address: a.address,
              publicKey: Array.from(a.publicKey, (b) => b.toString(16).padStart(2, '0')).join(''),
              intention: bitcoinAccountPurpose(a) === 'payment' ? 'payment' : 'ordinal',
            }))
            .filter((a) => !intentions || intentions.includes(a.intention))
        }
        default:
          throw new RequestNotApprovedError({ method, chainId, reason: 'method' })
      }
    },

    subscribe(_namespace, listener) {
      const events = wallet.features['standard:events'] as StandardEventsFeature['standard:events'] | undefined
      if (!events) return () => {}
      return events.on('change', (properties) => {
        if (!properties.accounts) return
        const addresses = orderedAddresses(properties.accounts)
        listener(addresses.length ? { type: 'accountsChanged', accounts: addresses } : { type: 'disconnect' })
      })
    },
  }
}

/** Valid Bitcoin addresses, payment ones first (the spec's default account type), then ordinals. */
function orderedAddresses(accounts: readonly (WalletAccount & { purpose?: unknown })[]): string[] {
  const valid = accounts.filter((a) => typeof a?.address === 'string' && isBitcoinAddress(a.address))
  const payment = valid.filter((a) => bitcoinAccountPurpose(a) === 'payment')
  const ordinals = valid.filter((a) => bitcoinAccountPurpose(a) === 'ordinals')
  return [...new Set([...payment, ...ordinals].map((a) => a.address))]
}

function addressParam(requested: unknown, fallback: string): string {
  const address = requested ?? fallback
  if (typeof address !== 'string' || !isBitcoinAddress(address))
    throw new TypeError('`address` must be a Bitcoin address')
  return address
}

/** WalletConnect's `signInputs` ([{address, index, sighashTypes?}]) as the feature's inputs to sign. */
function signInputs(
  value: unknown,
  fallback: string,
  accountFor: (address: string) => WalletAccount,
): BitcoinInputToSign[] {
  if (value === undefined) return [{ account: accountFor(fallback), signingIndexes: [0] }]
  if (!Array.isArray(value)) throw new TypeError('`signInputs` must be a list of {address, index}')
  const byAddress = new Map<string, BitcoinInputToSign>()
  for (const item of value as { address?: unknown; index?: unknown; sighashTypes?: unknown }[]) {
    const address = addressParam(item?.address, fallback)
    if (!Number.isInteger(item?.index) || (item.index as number) < 0)
      throw new TypeError('`index` must be an input index')
    const entry = byAddress.get(address) ?? { account: accountFor(address), signingIndexes: [] }
    entry.signingIndexes.push(item.index as number)
    const [sigHash] = Array.isArray(item.sighashTypes) ? item.sighashTypes : []
    if (typeof sigHash === 'number') entry.sigHash = sigHash
    byAddress.set(address, entry)
  }
  return [...byAddress.values()]
}
