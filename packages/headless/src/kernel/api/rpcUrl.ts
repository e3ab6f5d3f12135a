import type { Portico } from '../portico.js'
import type { PorticoNetwork } from '../types.js'
import { joinApiUrl } from './joinApiUrl.js'

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
 * @internal
 * The hosted JSON-RPC endpoint of `network` (`{blockchain}/v1/?chainId=…&projectId=…`) when the
 * instance has a project id and the endpoint serves the network; `undefined` otherwise.
 *
 * @example
 * hostedRpcUrl(portico, mainnet) // 'https://rpc.walletconnect.org/v1/?chainId=eip155%3A1&projectId=…'
 */
export function hostedRpcUrl(portico: Portico, network: PorticoNetwork): string | undefined {
  if (!portico.options.projectId || !hostedRpcNetworks.has(network.caipNetworkId)) return undefined
  const url = joinApiUrl(portico.options.apiUrls.blockchain, '/v1/')
  url.searchParams.set('chainId', network.caipNetworkId)
  url.searchParams.set('projectId', portico.options.projectId)
  return url.toString()
}

/**
 * The JSON-RPC URL Portico uses first for a network: the host's `rpcMap` entry first; then, with a
 * project id, the hosted endpoint (`{blockchain}/v1/?chainId=…&projectId=…`) for the networks it
 * serves; otherwise the network's own first RPC URL.
 *
 * @example
 * rpcUrlFor(portico, mainnet) // 'https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=…'
 */
export function rpcUrlFor(portico: Portico, network: PorticoNetwork): string | undefined {
  return (
    portico.options.rpcMap[network.caipNetworkId] ?? hostedRpcUrl(portico, network) ?? network.rpcUrls.default.http[0]
  )
}
