import { fromViemChain, type PorticoNetwork } from '@portico/headless/core'
import type { Chain } from 'viem'

/**
 * Portico networks for a wagmi config's chains (same ids, names, currencies, RPC URLs and
 * explorers), in the same order, so Portico's network button lists what wagmi can switch to.
 *
 * @example
 * const portico = createPortico({ projectId, networks: porticoNetworks(wagmiConfig.chains) })
 */
export function porticoNetworks(chains: readonly Chain[]): PorticoNetwork[] {
  return chains.map((chain) => fromViemChain(chain))
}
