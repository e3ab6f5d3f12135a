import type { Portico } from '../portico.js'
import type { PorticoNetwork } from '../types.js'

/**
 * Networks the hosted JSON-RPC endpoint serves (the spec: "a fixed list of network ids").
 * Others use their own `rpcUrls`.
 */
export const hostedRpcNetworks: ReadonlySet<string> = new Set([
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:100',
  'eip155:137',
  'eip155:324',
  'eip155:8453',
  'eip155:42161',
  'eip155:42220',
  'eip155:43114',
  'eip155:11155111',
  'eip155:84532',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
])

/**
 * The JSON-RPC URL Portico uses for a network: the host's `rpcMap` entry first; then, with a
 * project id, the hosted endpoint (`{blockchain}/v1/?chainId=…&projectId=…`) for the networks it
 * serves; otherwise the network's own first RPC URL.
 *
 * @example
 * rpcUrlFor(portico, mainnet) // 'https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=…'
 */
export function rpcUrlFor(portico: Portico, network: PorticoNetwork): string | undefined {
  const mapped = portico.options.rpcMap[network.caipNetworkId]
  if (mapped) return mapped
  if (portico.options.projectId && hostedRpcNetworks.has(network.caipNetworkId)) {
    const url = new URL(`${portico.options.apiUrls.blockchain}/v1/`)
    url.searchParams.set('chainId', network.caipNetworkId)
    url.searchParams.set('projectId', portico.options.projectId)
    return url.toString()
  }
  return network.rpcUrls.default.http[0]
}
