import { usesBlockchainApi } from '../../kernel/api/blockchainApi.js'
import { joinApiUrl } from '../../kernel/api/joinApiUrl.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoNetwork } from '../../kernel/types.js'

/**
 * @internal
 * The spec's hosted bundler call for `network`: `{blockchain}/v1/bundler?projectId=&chainId=&bundler=`.
 *
 * @example
 * hostedBundlerUrl(portico, base) // 'https://rpc.walletconnect.org/v1/bundler?projectId=…&chainId=eip155%3A8453&bundler=pimlico'
 */
export function hostedBundlerUrl(portico: Portico, network: PorticoNetwork): string {
  const url = joinApiUrl(portico.options.apiUrls.blockchain, '/v1/bundler')
  url.searchParams.set('projectId', portico.options.projectId ?? '')
  url.searchParams.set('chainId', network.caipNetworkId)
  url.searchParams.set('bundler', 'pimlico')
  return url.href
}

/**
 * @internal
 * The smart account's services on `network`, for the secure frame: the host's `bundlerMap` entry
 * (an URL, `'hosted'` for the spec's hosted bundler call, `false` for none); a network it does not
 * name gets the hosted bundler where the blockchain API is in use and serves it (the bundler call is
 * that API's: a project id, `blockchainApi` on, the network in its `GET /v1/supported-chains`). The
 * hosted JSON-RPC endpoint's fixed list is not used: it names production chains only, while the
 * API's own answer also covers a host pointing `apiUrls.blockchain` at another deployment (the
 * devnet's). The paymaster is `paymasterMap`'s. No bundler: no smart account there.
 *
 * @example
 * await client.request('SWITCH_NETWORK', { chainId, ...(await smartAccountEndpoints(portico, network)) })
 */
export async function smartAccountEndpoints(
  portico: Portico,
  network: PorticoNetwork,
): Promise<{ bundlerUrl?: string; paymasterUrl?: string }> {
  if (network.chainNamespace !== 'eip155') return {}
  const bundler = portico.options.bundlerMap[network.caipNetworkId]
  let bundlerUrl: string | undefined
  if (bundler === 'hosted') bundlerUrl = hostedBundlerUrl(portico, network)
  else if (typeof bundler === 'string') bundlerUrl = bundler
  else if (bundler === undefined && (await usesBlockchainApi(portico, network)))
    bundlerUrl = hostedBundlerUrl(portico, network)
  if (!bundlerUrl) return {}
  const paymasterUrl = portico.options.paymasterMap[network.caipNetworkId]
  return { bundlerUrl, ...(paymasterUrl ? { paymasterUrl } : {}) }
}

/**
 * @internal
 * The account type embedded users get on eip155 until they pick one: `defaultAccountTypes.eip155`
 * (the spec's default, `smartAccount`), where the network has a smart account at all.
 *
 * @example
 * await client.request('GET_USER', { preferredAccountType: defaultEmbeddedAccountType(portico) })
 */
export function defaultEmbeddedAccountType(portico: Portico): 'eoa' | 'smartAccount' {
  return portico.options.defaultAccountTypes.eip155 === 'eoa' ? 'eoa' : 'smartAccount'
}
