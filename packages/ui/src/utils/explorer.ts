import type { PorticoNetwork } from '@portico/headless'

/**
 * @internal
 * The explorer page of an address, or undefined. The explorer URL comes from configuration but is
 * still checked: only https (or http for local explorers) may become a link.
 */
export function explorerAddressUrl(network: PorticoNetwork, address: string): string | undefined {
  const base = network.blockExplorers?.default.url
  if (!base || !address) return undefined
  try {
    const url = new URL(`${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined
  } catch {
    return undefined
  }
}
