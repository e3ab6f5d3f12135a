import * as z from 'zod/mini'
import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import { featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import type { Connector, ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import { createAuthConnector } from './authConnector.js'
import { EmbeddedWalletNotConfiguredError } from './errors.js'
import { createFrameClient, type FrameClient } from './frameClient.js'
import { embeddedState } from './state.js'
import type { EmbeddedWalletTheme } from './syncEmbeddedWalletTheme.js'

/** The namespaces the embedded wallet serves (the spec: email/social login on eip155 and solana only). */
export const embeddedNamespaces = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]

/** The login cache of the spec: login-used flag, email, last chain, last email login time. */
export const loginCacheSchema = z.object({
  used: z.boolean(),
  email: z.optional(z.string()),
  lastChain: z.optional(z.string()),
  lastEmailLoginTime: z.optional(z.number()),
})
export type LoginCache = z.infer<typeof loginCacheSchema>
const loginCacheKey = 'embedded-login'

/** One embedded wallet per Portico instance: its frame client and its AUTH connectors. */
export type EmbeddedWallet = {
  readonly client: FrameClient
  /** The AUTH connector of each embedded namespace the host configured. */
  readonly connectors: readonly Connector[]
  connector(namespace?: ChainNamespace | undefined): Connector
  readLoginCache(): LoginCache
  writeLoginCache(update: Partial<LoginCache>): void
  clearLoginCache(): void
  /** The configured network `caipNetworkId` of `namespace`, else the namespace's first. */
  networkFor(namespace: ChainNamespace, caipNetworkId?: string | undefined): PorticoNetwork | undefined
  /** The chain the frame is on (one for both namespaces: the frame keeps a single current chain). */
  frameChain: number | string | undefined
  rpcUrl(network: PorticoNetwork): string | undefined
  /** Sends the host's theme to the frame (the spec's sync theme message). */
  syncTheme(theme: EmbeddedWalletTheme): void
  /** The AUTH connectors' listeners, per namespace (one login serves every embedded namespace). */
  readonly listeners: Map<ChainNamespace, Set<(event: ConnectorEvent) => void>>
}

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
  const namespaces = embeddedNamespaces.filter((ns) => portico.adapters.has(ns))
  if (namespaces.length === 0)
    throw new EmbeddedWalletNotConfiguredError({ reason: 'Email login needs an eip155 or solana adapter.' })

  const networkFor = (namespace: ChainNamespace, caipNetworkId?: string) =>
    (caipNetworkId ? portico.networks.find((n) => n.caipNetworkId === caipNetworkId) : undefined) ??
    portico.networks.find((n) => n.chainNamespace === namespace)
  const rpcUrl = (network: PorticoNetwork) => rpcUrlFor(portico, network) ?? network.rpcUrls.default.http[0]
  const cache = (): LoginCache => portico.storage.get(loginCacheKey, loginCacheSchema) ?? { used: false }
  const cachedChain = cache().lastChain
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
  })
  const wallet: EmbeddedWallet = {
    client,
    connectors: [],
    connector(namespace) {
      const found = wallet.connectors.find((c) => c.chain === namespace) ?? wallet.connectors[0]
      if (!found) throw new EmbeddedWalletNotConfiguredError({ reason: 'No embedded namespace is configured.' })
      return found
    },
    readLoginCache: cache,
    writeLoginCache(update) {
      portico.storage.set(loginCacheKey, { ...cache(), ...update })
    },
    clearLoginCache() {
      portico.storage.remove(loginCacheKey)
    },
    networkFor,
    rpcUrl,
    frameChain: start?.chainNamespace === 'eip155' ? Number(start.id) : undefined,
    syncTheme(theme) {
      client.request('SYNC_THEME', theme).catch(warnSync)
    },
    listeners: new Map(),
  }
  ;(wallet.connectors as Connector[]).push(...namespaces.map((ns) => createAuthConnector(wallet, ns)))
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
