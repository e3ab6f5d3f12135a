import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import { embeddedWalletNamespaces } from '../../kernel/defaults.js'
import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoNetwork } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { EmbeddedWalletNotConfiguredError } from './errors.js'
import { createFrameClient } from './frameClient.js'
import { clearLoginCache, readLoginCache, writeLoginCache } from './loginCache.js'
import { alertFrameError } from './serverAlerts.js'
import { embeddedState } from './state.js'
import type { EmbeddedWallet } from './types.js'

export type { EmbeddedWallet }

/**
 * The embedded wallet of `portico`, created (frame added to the page) on first use. Throws the
 * typed 'Unable to load email login dependency' error when it is not configured.
 *
 * @example
 * ```ts
 * const { client } = getEmbeddedWallet(portico)
 * await client.ready()
 * ```
 */
export function getEmbeddedWallet(portico: Portico): EmbeddedWallet {
  const state = featureState(portico, embeddedState)
  if (state.wallet) return state.wallet
  const settings = portico.options.embeddedWallet
  const projectId = portico.options.projectId
  if (!settings?.frameUrl)
    throw new EmbeddedWalletNotConfiguredError({ reason: 'No embeddedWallet.frameUrl in the options.' })
  if (!projectId) throw new EmbeddedWalletNotConfiguredError({ reason: 'The embedded wallet needs a projectId.' })
  let frameUrl: URL
  try {
    frameUrl = new URL(settings.frameUrl)
    if (frameUrl.protocol !== 'https:' && frameUrl.protocol !== 'http:') throw new TypeError('not http(s)')
  } catch {
    throw new EmbeddedWalletNotConfiguredError({
      reason: `embeddedWallet.frameUrl is not an http(s) URL: ${settings.frameUrl}`,
    })
  }
  if (typeof window !== 'undefined' && frameUrl.origin === window.location.origin)
    throw new EmbeddedWalletNotConfiguredError({
      reason: 'The secure frame must be served from another origin than the page: it keeps the keys away from it.',
    })
  const namespaces = embeddedWalletNamespaces.filter((ns) => portico.adapters.has(ns))
  if (namespaces.length === 0)
    throw new EmbeddedWalletNotConfiguredError({ reason: 'Email login needs an eip155 or solana adapter.' })

  const networkFor = (namespace: ChainNamespace, caipNetworkId?: string) =>
    (caipNetworkId ? portico.networks.find((n) => n.caipNetworkId === caipNetworkId) : undefined) ??
    portico.networks.find((n) => n.chainNamespace === namespace)
  const rpcUrl = (network: PorticoNetwork) => rpcUrlFor(portico, network) ?? network.rpcUrls.default.http[0]
  const cachedChain = readLoginCache(portico).lastChain
  const start =
    portico.networks.find((n) => n.caipNetworkId === cachedChain && n.chainNamespace === 'eip155') ??
    networkFor('eip155') ??
    networkFor('solana')
  const client = createFrameClient({
    frameUrl: frameUrl.href,
    projectId,
    chainId: start?.chainNamespace === 'eip155' ? Number(start.id) : 1,
    rpcUrl: start?.chainNamespace === 'eip155' ? rpcUrl(start) : undefined,
    enableLogger: settings.enableLogger,
    timings: state.timings,
    onError: (error) => alertFrameError(portico, error),
  })
  const wallet: EmbeddedWallet = {
    client,
    namespaces,
    readLoginCache: () => readLoginCache(portico),
    writeLoginCache: (update) => writeLoginCache(portico, update),
    clearLoginCache: () => clearLoginCache(portico),
    networkFor,
    rpcUrl,
    frameChain: start?.chainNamespace === 'eip155' ? Number(start.id) : undefined,
    syncTheme(theme) {
      client.request('SYNC_THEME', theme).catch(warnSync)
    },
    listeners: new Map(),
  }
  state.wallet = wallet
  syncFrame(portico, wallet)
  return wallet
}

/**
 * The spec's sync messages, sent once the frame is ready: the app's data (its prompts name the
 * app and show its icon) and the theme, then every later theme change as it comes.
 */
function syncFrame(portico: Portico, { client, syncTheme }: EmbeddedWallet) {
  const { metadata, sdkVersion } = portico.options
  const projectId = portico.options.projectId ?? ''
  client
    .request('SYNC_DAPP_DATA', {
      projectId,
      sdkVersion: sdkVersion.slice(0, 64),
      ...(metadata
        ? {
            metadata: {
              name: metadata.name.slice(0, 128),
              description: metadata.description.slice(0, 512),
              url: metadata.url.slice(0, 2048),
              icons: metadata.icons.slice(0, 8).filter((icon) => icon.length <= 2048),
            },
          }
        : {}),
    })
    .catch(warnSync)
  // The spec's default theme is dark, until the host (its modal) gives its own; later themes are
  // sent as they come (syncEmbeddedWalletTheme).
  syncTheme(featureState(portico, embeddedState).theme ?? { themeMode: 'dark' })
}

function warnSync(error: unknown) {
  console.warn('[portico] Could not sync the embedded wallet', error)
}
