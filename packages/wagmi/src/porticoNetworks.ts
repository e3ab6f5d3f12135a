import { fromViemChain, type PorticoNetwork } from '@portico/headless/core'
import type { Chain } from 'viem'

/**
 * Portico networks for a wagmi config's chains (same ids, names, currencies, RPC URLs and
 * explorers), in the same order, so Portico's network button lists what wagmi can switch to.
 * wagmi's chains are a non-empty tuple, and so is the result (what `createPortico` takes).
 *
 * From JavaScript, bad input never throws here: an entry that is not a viem chain is skipped with
 * a `console.warn`, and a list that is not an array gives no networks (with a warning), so
 * `createPortico` reports the empty list with its typed `InvalidOptionsError`.
 *
 * @example
 * const chains = [mainnet, base] as const
 * const portico = createPortico({ projectId, networks: porticoNetworks(chains), adapters: [eip155Adapter()] })
 */
export function porticoNetworks(chains: readonly [Chain, ...Chain[]]): readonly [PorticoNetwork, ...PorticoNetwork[]] {
  const input: unknown = chains
  if (!Array.isArray(input)) {
    const got = input === null ? 'null' : typeof input
    console.warn(`[portico] porticoNetworks(): chains must be an array of viem chains, got ${got}; no networks.`)
    return [] as unknown as readonly [PorticoNetwork, ...PorticoNetwork[]]
  }
  const networks: PorticoNetwork[] = []
  input.forEach((chain: unknown, index) => {
    if (isChain(chain)) networks.push(fromViemChain(chain))
    else
      console.warn(
        `[portico] porticoNetworks(): chains[${index}] is not a viem chain (an object with id, name and rpcUrls.default.http); skipped.`,
      )
  })
  // Empty only for input outside the types; createPortico then names the problem.
  return networks as unknown as readonly [PorticoNetwork, ...PorticoNetwork[]]
}

// What fromViemChain reads; the rest (explorers, testnet) is optional on a viem chain too.
function isChain(value: unknown): value is Chain {
  if (typeof value !== 'object' || value === null) return false
  const { id, name, rpcUrls } = value as { id?: unknown; name?: unknown; rpcUrls?: { default?: { http?: unknown } } }
  return typeof id === 'number' && typeof name === 'string' && Array.isArray(rpcUrls?.default?.http)
}
