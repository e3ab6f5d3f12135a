import { base64 } from '@scure/base'
import { RequestNotApprovedError } from '../../errors/walletConnect.js'
import type { Connector, ConnectorConnection, PorticoNetwork } from '../../types.js'
import { isBitcoinAddress } from '../../utils/namespaceAddress.js'
import type { BitcoinAddressPurpose } from './bitcoinStandardConnector.js'
import { decodePsbt } from './psbt.js'

/** A sats-connect JSON-RPC answer. */
export type SatsConnectResponse =
  | { result: unknown; error?: undefined }
  | { result?: undefined; error: { code: number; message: string; data?: unknown } }

/**
 * A sats-connect style provider (`window.XverseProviders.BitcoinProvider`…): `request(method, params)`.
 *
 * @example
 * const answer = await provider.request('getAccounts', { purposes: ['payment', 'ordinals'] })
 */
export type SatsConnectProvider = {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>
  addListener?(event: string, listener: (event: unknown) => void): () => void
}

/** One address a sats-connect wallet gives. */
export type SatsConnectAddress = { address: string; publicKey?: string; purpose?: BitcoinAddressPurpose | string }

/** sats-connect's user-rejection code; answered to apps as EIP-1193's 4001 so every rejection reads the same. */
const satsUserRejection = -32000

export type SatsConnectRpcErrorType = SatsConnectRpcError & { name: 'SatsConnectRpcError' }
/**
 * The error a sats-connect error answer is thrown as (`code` 4001 for a user rejection). Like a
 * provider's own error it is not a Portico `BaseError`: the actions translate it.
 *
 * @example
 * if ((error as SatsConnectRpcErrorType).name === 'SatsConnectRpcError' && error.code === 4001) console.log('declined')
 */
export class SatsConnectRpcError extends Error {
  override name = 'SatsConnectRpcError' as const
  readonly code: number
  constructor(error: { code: number; message: string }) {
    super(error.message)
    this.code = error.code === satsUserRejection ? 4001 : error.code
  }
}

/**
 * @internal
 * The connector contract over a sats-connect style provider (`request(method, params)` answering
 * `{result}` or `{error}`). Connect asks `getAccounts` for payment and ordinals addresses (payment
 * first, the spec's default); reconnect asks `wallet_getAccount`, which never prompts. Requests take
 * WalletConnect's bip122 format: `signMessage` {address, message} → {address, signature};
 * `signPsbt` {psbt, signInputs?: [{address, index}] (without it, input 0 for the request's account),
 * broadcast?} → {psbt, txid?}; `sendTransfer`
 * {recipientAddress, amount (satoshis, string)} → {txid}; `getAccountAddresses` → the addresses.
 */
export function createSatsConnectConnector({
  id,
  name,
  icon,
  provider,
}: {
  id: string
  name: string
  icon?: string | undefined
  provider: SatsConnectProvider
}): Connector {
  let addresses: SatsConnectAddress[] = []
  const call = async (method: string, params?: unknown) => {
    const response = await provider.request(method, params)
    if (response?.error) throw new SatsConnectRpcError(response.error)
    return response?.result
  }
  const connection = (list: unknown, network: PorticoNetwork | undefined): ConnectorConnection[] => {
    addresses = (Array.isArray(list) ? (list as SatsConnectAddress[]) : []).filter(
      (a) => typeof a?.address === 'string' && isBitcoinAddress(a.address),
    )
    const ordered = [
      ...addresses.filter((a) => a.purpose !== 'ordinals'),
      ...addresses.filter((a) => a.purpose === 'ordinals'),
    ].map((a) => a.address)
    if (!ordered.length) return []
    return [{ namespace: 'bip122', accounts: [...new Set(ordered)], caipNetworkId: network?.caipNetworkId }]
  }

  return {
    id,
    uid: `bip122:${id}`,
    name,
    imageUrl: icon,
    chain: 'bip122',
    type: 'INJECTED',
    provider,

    async connect({ networks }) {
      return connection(await call('getAccounts', { purposes: ['payment', 'ordinals'] }), networks.bip122)
    },
    async reconnect({ networks }) {
      try {
        const result = (await call('wallet_getAccount')) as { addresses?: unknown } | undefined
        return connection(result?.addresses, networks.bip122)
      } catch {
        return []
      }
    },
    async disconnect() {
      addresses = []
      await call('wallet_renouncePermissions').catch(() => {})
    },
    async switchNetwork() {
      // The app picks the network; the wallet has no current chain Portico moves.
    },
    async signMessage({ address, message }) {
      const text = typeof message === 'string' ? message : utf8Text(message)
      return signatureOf(await call('signMessage', { address, message: text, protocol: 'ECDSA' }))
    },
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
          const signer = addressParam(input.address ?? input.account, address)
          if (typeof input.message !== 'string') throw new TypeError('`message` must be a string')
          const result = await call('signMessage', { address: signer, message: input.message, protocol: 'ECDSA' })
          return { address: signer, signature: signatureOf(result) }
        }
        case 'signPsbt': {
          const psbt = base64.encode(decodePsbt(input.psbt, 'request'))
          const signInputs: Record<string, number[]> = {}
          // As the Wallet Standard connector: no list signs input 0 for the request's account, and a
          // value that is not a list is refused before the wallet is asked.
          const items = input.signInputs === undefined ? [{ address, index: 0 }] : input.signInputs
          if (!Array.isArray(items)) throw new TypeError('`signInputs` must be a list of {address, index}')
          for (const item of items as { address?: unknown; index?: unknown }[]) {
            const signer = addressParam(item?.address, address)
            // As the Wallet Standard connector: an item without a whole, non-negative index is refused here.
            if (!Number.isInteger(item?.index) || (item.index as number) < 0)
              throw new TypeError('`index` must be an input index')
            signInputs[signer] = [...(signInputs[signer] ?? []), item.index as number]
          }
          const result = (await call('signPsbt', {
            psbt,
            signInputs,
            broadcast: input.broadcast === true,
          })) as { psbt?: unknown; txid?: unknown } | undefined
          const signed = base64.encode(decodePsbt(result?.psbt, 'wallet'))
          return typeof result?.txid === 'string' ? { psbt: signed, txid: result.txid } : { psbt: signed }
        }
        case 'sendTransfer': {
          const recipient = addressParam(input.recipientAddress, '')
          const amount = String(input.amount ?? '')
          if (!/^[1-9][0-9]*$/.test(amount)) throw new TypeError('`amount` must be a positive number of satoshis')
          const result = (await call('sendTransfer', {
            recipients: [{ address: recipient, amount: Number(amount) }],
          })) as { txid?: unknown } | undefined
          if (typeof result?.txid !== 'string') throw new TypeError('The wallet returned no transaction id')
          return { txid: result.txid }
        }
        case 'getAccountAddresses': {
          const intentions = Array.isArray(input.intentions) ? input.intentions : undefined
          return addresses
            .map((a) => ({
              address: a.address,
              publicKey: a.publicKey,
              intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
            }))
            .filter((a) => !intentions || intentions.includes(a.intention))
        }
        default:
          throw new RequestNotApprovedError({ method, chainId, reason: 'method' })
      }
    },
    subscribe(_namespace, listener) {
      if (typeof provider.addListener !== 'function') return () => {}
      const offAccount = provider.addListener('accountChange', () => {
        call('wallet_getAccount').then(
          (result) => {
            const [connected] = connection((result as { addresses?: unknown } | undefined)?.addresses, undefined)
            listener(connected ? { type: 'accountsChanged', accounts: connected.accounts } : { type: 'disconnect' })
          },
          () => listener({ type: 'disconnect' }),
        )
      })
      const offDisconnect = provider.addListener('disconnect', () => listener({ type: 'disconnect' }))
      return () => {
        if (typeof offAccount === 'function') offAccount()
        if (typeof offDisconnect === 'function') offDisconnect()
      }
    },
  }
}

function addressParam(requested: unknown, fallback: string): string {
  const address = requested ?? fallback
  if (typeof address !== 'string' || !isBitcoinAddress(address))
    throw new TypeError('`address` must be a Bitcoin address')
  return address
}

/**
 * The text of message bytes: sats-connect signs a string, so bytes that are not UTF-8 (which a
 * decoder would replace with U+FFFD, the wallet then signing other bytes) are refused, and a
 * leading byte-order mark is kept.
 */
function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new TypeError('`message` must be UTF-8 text')
  }
}

function signatureOf(result: unknown): string {
  const signature = (result as { signature?: unknown } | undefined)?.signature
  if (typeof signature !== 'string' || signature.length < 80 || signature.length > 200)
    throw new TypeError('The wallet returned a malformed bitcoin signature')
  return signature
}
