import { frameNetworks } from '../walletPolicy.js'

/**
 * Whether the frame switches to `chainId`: one of the spec's networks ({@link frameNetworks}), or one
 * the host configured by giving its RPC URL, in this request (`rpcUrl`) or an earlier one (`known`).
 * Anything else is refused with the frame's 'unsupported network' text: the frame has no way to read
 * or send on a chain it has no endpoint for.
 *
 * @example
 * ```ts
 * acceptsNetwork(8453, undefined, new Map()) // true (Base)
 * acceptsNetwork(31337, 'http://127.0.0.1:8545', new Map()) // true (the host gave its RPC)
 * ```
 */
export function acceptsNetwork(
  chainId: number | string,
  rpcUrl: string | undefined,
  known: ReadonlyMap<number | string, string>,
): boolean {
  return frameNetworks.has(chainId) || Boolean(rpcUrl) || known.has(chainId)
}
