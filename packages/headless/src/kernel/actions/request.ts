import { BaseError } from '../errors/base.js'
import type { NotConnectedErrorType } from '../errors/connection.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import { UserRejectedRequestError, type UserRejectedRequestErrorType } from '../errors/network.js'
import type { RequestNotApprovedErrorType } from '../errors/walletConnect.js'
import type { Portico } from '../portico.js'
import { getActiveConnection } from '../state/activeConnection.js'
import { singleFlight } from '../state/singleFlight.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'

export type RequestParameters = {
  method: string
  params?: unknown
  /** Default: the active namespace. */
  namespace?: ChainNamespace | undefined
  /** Default: the connected account's network. WalletConnect sessions refuse chains they did not approve. */
  caipNetworkId?: CaipNetworkId | undefined
}
export type RequestErrorType =
  | NotConnectedErrorType
  | UserRejectedRequestErrorType
  | RequestNotApprovedErrorType
  | WalletRequestErrorType

export type WalletRequestErrorType = WalletRequestError & { name: 'WalletRequestError' }
/** The wallet answered a request with an error (its message is in `details`). */
export class WalletRequestError extends BaseError {
  override name = 'WalletRequestError' as const
  constructor({ method, cause }: { method: string; cause: unknown }) {
    const message = (cause as { message?: unknown } | null)?.message
    super('Something went wrong', {
      cause,
      details: `${method} failed${typeof message === 'string' && message ? `: ${message.slice(0, 300)}` : '.'}`,
    })
  }
}

/**
 * Sends a JSON-RPC request to the connected wallet, in the namespace's own method and params
 * format, through its connector (an identical request still in flight is joined, not sent again): over the WalletConnect session (refused before sending when the
 * session did not approve the method on that chain), to an injected EIP-1193 wallet, or mapped
 * onto an installed Solana wallet's Wallet Standard features (`solana_signTransaction`,
 * `solana_signAllTransactions`, `solana_signAndSendTransaction`, `solana_signMessage`).
 *
 * @example
 * const hash = await request(portico, { method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] })
 * const signed = await request(portico, { namespace: 'cosmos', method: 'cosmos_signDirect', params: { signerAddress, signDoc } })
 */
export async function request<result = unknown>(portico: Portico, parameters: RequestParameters): Promise<result> {
  const { namespace, account, connector } = getActiveConnection(portico, parameters.namespace)
  const chainId = parameters.caipNetworkId ?? account.caipNetworkId
  const ask = {
    namespace,
    chainId,
    address: account.address,
    method: parameters.method,
    params: parameters.params ?? [],
  }
  try {
    // The same request while it is still with the wallet (a double click) joins it: one prompt,
    // one transaction.
    return (await singleFlight(portico, ['wallet', 'request', connector, ask], () => connector.request(ask))) as result
  } catch (error) {
    if (error instanceof BaseError) throw error
    if (isUserRejection(error)) throw new UserRejectedRequestError({ cause: error })
    throw new WalletRequestError({ method: parameters.method, cause: error })
  }
}
