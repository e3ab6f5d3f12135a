import { fromViemChain, type PorticoNetwork } from '@portico/headless/core'
import type { Chain } from 'viem'

/**
 * Portico networks for a wagmi config's chains (same ids, names, currencies, RPC URLs and
 * explorers), in the same order, so Portico's network button lists what wagmi can switch to.
 * wagmi's chains are a non-empty tuple, and so is the result (what `createPortico` takes).
 *
 * @example
 * const chains = [mainnet, base] as const
 * const portico = createPortico({ projectId, networks: porticoNetworks(chains), adapters: [eip155Adapter()] })
 */
export function porticoNetworks(chains: readonly [Chain, ...Chain[]]): readonly [PorticoNetwork, ...PorticoNetwork[]] {
  const [first, ...rest] = chains
  return [fromViemChain(first), ...rest.map((chain) => fromViemChain(chain))]
}
