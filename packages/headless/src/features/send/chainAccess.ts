// What a send and its fee estimate both reach the chain with; its own module so that the two
// verbs import it rather than each other.
import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoNetwork } from '../../kernel/types.js'

/** @internal The EVM chain code of a transfer (viem), loaded on the first send or quote. */
export const loadEvm = () => import('../../kernel/adapters/eip155/evmTransfer.js')

/** @internal The RPC URL Portico reads `network` from (its hosted endpoint, `rpcMap` or its own). */
export function rpcUrl(portico: Portico, network: PorticoNetwork): string {
  const url = rpcUrlFor(portico, network)
  if (!url) throw new TypeError(`Network ${network.caipNetworkId} has no RPC URL`)
  return url
}
