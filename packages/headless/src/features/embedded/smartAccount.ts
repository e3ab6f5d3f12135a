import type { Portico } from '../../kernel/portico.js'
import type { PorticoNetwork } from '../../kernel/types.js'

/**
 * @internal
 * The smart account's services on `network` as the host configured them (`bundlerMap`,
 * `paymasterMap`), for the secure frame: `'hosted'` becomes the spec's hosted bundler call
 * (`{blockchain}/v1/bundler?projectId=&chainId=&bundler=`). No bundler: no smart account there.
 *
 * @example
 * await client.request('SWITCH_NETWORK', { chainId, ...smartAccountEndpoints(portico, network) })
 */
export function smartAccountEndpoints(
  portico: Portico,
  network: PorticoNetwork,
): { bundlerUrl?: string; paymasterUrl?: string } {
  if (network.chainNamespace !== 'eip155') return {}
  const bundler = portico.options.bundlerMap[network.caipNetworkId]
  const paymasterUrl = portico.options.paymasterMap[network.caipNetworkId]
  let bundlerUrl = bundler
  if (bundler === 'hosted') {
    const url = new URL(`${portico.options.apiUrls.blockchain}/v1/bundler`)
    url.searchParams.set('projectId', portico.options.projectId ?? '')
    url.searchParams.set('chainId', network.caipNetworkId)
    url.searchParams.set('bundler', 'pimlico')
    bundlerUrl = url.href
  }
  if (!bundlerUrl) return {}
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
