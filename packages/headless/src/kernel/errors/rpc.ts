import { BaseError } from './base.js'

export type RpcUrlNotCompatibleErrorType = RpcUrlNotCompatibleError & { name: 'RpcUrlNotCompatibleError' }
/**
 * A JSON-RPC URL that is not http(s) (a `ws://` URL, a `javascript:` URL) where Portico needs an
 * HTTP connection.
 *
 * @example
 * try { await getBalance(portico) } catch (e) {
 *   if ((e as RpcUrlNotCompatibleErrorType).name === 'RpcUrlNotCompatibleError') console.log(e.shortMessage)
 * }
 */
export class RpcUrlNotCompatibleError extends BaseError {
  override name = 'RpcUrlNotCompatibleError' as const
  constructor({ url }: { url: string }) {
    super('Provided URL is not compatible with HTTP connection', { details: `${url} is not an http(s) URL.` })
  }
}

export type RpcUnavailableErrorType = RpcUnavailableError & { name: 'RpcUnavailableError' }
/**
 * A network Portico has no JSON-RPC endpoint for (no `rpcMap` entry, no hosted endpoint, no URL of
 * its own, no transport of the host's).
 *
 * @example
 * try { await getBalance(portico) } catch (e) {
 *   if ((e as RpcUnavailableErrorType).name === 'RpcUnavailableError') console.log(e.details)
 * }
 */
export class RpcUnavailableError extends BaseError {
  override name = 'RpcUnavailableError' as const
  constructor({ caipNetworkId }: { caipNetworkId: string }) {
    super('Chain is not supported', { details: `${caipNetworkId} has no RPC URL.` })
  }
}
