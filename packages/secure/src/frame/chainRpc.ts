import { httpRpcUrl, RpcError } from './rpcError.js'

/**
 * Sends one JSON-RPC request to the network's node (the frame's `rpcUrl`, http(s) only) and
 * returns its result; a node's error comes back as an {@link RpcError} with the node's code, so the
 * kit sees what the chain said.
 *
 * @example
 * const balance = await forward(context.rpcUrl, 'eth_getBalance', [address, 'latest'])
 */
export async function forward(rpcUrl: string | undefined, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(httpRpcUrl(rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const json = (await response.json()) as { result?: unknown; error?: { message?: string; code?: number } }
  if (json.error) throw new RpcError(json.error.message ?? 'RPC error', json.error.code ?? -32603)
  return json.result
}
