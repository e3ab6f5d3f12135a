import { createStore } from 'jotai/vanilla'
import type * as z from 'zod/mini'
import { createAlertBus } from './alerts.js'
import {
  type ApiUrls,
  defaultAccountTypes,
  defaultApiUrls,
  defaultConnectorOrder,
  defaultFeatures,
  type Features,
} from './defaults.js'
import { InvalidOptionsError, SiwxConflictError } from './errors/config.js'
import { attachFeatures } from './lifecycle.js'
import { optionsSchema, type PorticoOptions } from './options.js'
import type { Portico } from './portico.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, featuresAtom } from './state/atoms.js'
import { hydrate } from './state/hydrate.js'
import { createSingleFlightState } from './state/singleFlight.js'
import { createPorticoStorage, getDefaultStorage } from './state/storage.js'
import type { AccountState, ChainAdapter, PorticoNetwork } from './types.js'
import type { ChainNamespace } from './utils/caip.js'
import { version } from './version.js'
import { resolveWalletConnectOptions } from './walletConnectOptions.js'

/**
 * Creates a Portico instance from validated options.
 *
 * - Options are validated with zod: bad input throws {@link InvalidOptionsError} listing each problem.
 * - Both `siweConfig` and `siwx` throws {@link SiwxConflictError}.
 * - A missing `projectId` is not fatal: the 'Project ID Not Configured' alert is raised and only
 *   local settings apply.
 * - Nothing touches `window` unless it exists; with `ssr: true` storage is read on {@link initialize}.
 *
 * @example
 * import { createPortico, eip155Adapter, solanaAdapter, mainnet, solana } from '@portico/headless'
 *
 * export const portico = createPortico({
 *   projectId: 'YOUR_PROJECT_ID',
 *   networks: [mainnet, solana],
 *   adapters: [eip155Adapter(), solanaAdapter()],
 * })
 */
export function createPortico(options: PorticoOptions): Portico {
  if (options && typeof options === 'object' && options.siweConfig !== undefined && options.siwx !== undefined)
    throw new SiwxConflictError()

  const result = optionsSchema.safeParse(options)
  if (!result.success) throw new InvalidOptionsError({ issues: toIssues(result.error) })
  const parsed = result.data
  // zod validated the shapes; keep the caller's objects (adapters hold closures, networks identity).
  const networks = options.networks as readonly PorticoNetwork[]
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  const issues: { path: string; message: string }[] = []

  for (const [index, adapter] of options.adapters.entries()) {
    if (adapters.has(adapter.namespace))
      issues.push({ path: `adapters.${index}`, message: `a second adapter for ${adapter.namespace}` })
    adapters.set(adapter.namespace, adapter)
  }
  const seen = new Set<string>()
  for (const [index, network] of networks.entries()) {
    if (seen.has(network.caipNetworkId))
      issues.push({ path: `networks.${index}`, message: `${network.caipNetworkId} is listed twice` })
    seen.add(network.caipNetworkId)
    if (!adapters.has(network.chainNamespace))
      issues.push({
        path: `networks.${index}`,
        message: `No adapter configured for namespace ${network.chainNamespace}`,
      })
  }
  // The sign-in config's methods are listed here, not imported, so page start never pulls
  // sign-in code (kernel/siwxConfig.ts `siwxConfigMethods` is the same list).
  const siwx = options.siwx as unknown
  if (siwx !== undefined && siwx !== null) {
    const missing = ['createMessage', 'addSession', 'getSessions', 'revokeSession', 'setSessions'].filter(
      (method) => typeof (siwx as Record<string, unknown> | undefined)?.[method] !== 'function',
    )
    if (typeof siwx !== 'object' || missing.length)
      issues.push({ path: 'siwx', message: `not a SiwxConfig (missing or not a function: ${missing.join(', ')})` })
  }
  const defaultId =
    typeof options.defaultNetwork === 'string' ? options.defaultNetwork : options.defaultNetwork?.caipNetworkId
  const defaultNetwork = defaultId ? networks.find((n) => n.caipNetworkId === defaultId) : networks[0]
  if (!defaultNetwork) issues.push({ path: 'defaultNetwork', message: `${defaultId} is not among the networks` })
  if (issues.length || !defaultNetwork) throw new InvalidOptionsError({ issues })

  const projectId = parsed.projectId || undefined
  const storage = options.storage === undefined ? getDefaultStorage() : options.storage
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  const portico: Portico = {
    options: {
      projectId,
      metadata: parsed.metadata,
      localFeatures: parsed.features as Partial<Features> | undefined,
      keepLocalFeatures: parsed.keepLocalFeatures ?? false,
      remoteConfig: parsed.remoteConfig ?? true,
      walletDirectory: parsed.walletDirectory ?? true,
      blockchainApi: parsed.blockchainApi ?? true,
      rpcMap: parsed.rpcMap ?? {},
      connectorOrder: parsed.connectorOrder ?? defaultConnectorOrder,
      featuredWalletIds: parsed.featuredWalletIds ?? [],
      includeWalletIds: parsed.includeWalletIds ?? [],
      excludeWalletIds: parsed.excludeWalletIds ?? [],
      defaultAccountTypes: { ...defaultAccountTypes, ...parsed.defaultAccountTypes },
      signOutOnDisconnect: parsed.signOutOnDisconnect ?? true,
      allowUnsupportedChain: parsed.allowUnsupportedChain ?? false,
      enableNetworkSwitch: parsed.enableNetworkSwitch ?? true,
      enableInjected: parsed.enableInjected ?? true,
      siwx: parsed.siwx ?? parsed.siweConfig,
      apiUrls: { ...defaultApiUrls, ...stripTrailingSlashes(parsed.apiUrls) },
      sdkType: parsed.sdkType ?? 'portico',
      sdkVersion: parsed.sdkVersion ?? `react-portico-${version}`,
      walletConnect:
        projectId && options.walletConnect !== false
          ? resolveWalletConnectOptions(options.walletConnect || undefined)
          : undefined,
      embeddedWallet: options.embeddedWallet,
    },
    networks,
    defaultNetwork,
    adapters,
    store: createStore(),
    alerts: createAlertBus(),
    storage: createPorticoStorage(storage),
    fetch: fetchFn,
    _internal: {
      hydrated: false,
      ssr: parsed.ssr ?? false,
      walletSubscriptions: new Map(),
      reconnecting: undefined,
      remoteConfig: undefined,
      connectAttempts: new Map(),
      connectsInFlight: new Map(),
      balanceRetryAt: undefined,
      discovery: { holders: 0, stops: [] },
      supportedChains: undefined,
      analyticsEnabled: undefined,
      imageUrls: new Map(),
      features: new Map(),
      singleFlight: createSingleFlightState(),
    },
  }

  const { store } = portico
  store.set(featuresAtom, { ...defaultFeatures, ...portico.options.localFeatures })
  store.set(activeNamespaceAtom, defaultNetwork.chainNamespace)
  const activeNetworks: Partial<Record<ChainNamespace, PorticoNetwork>> = {}
  const accounts: Partial<Record<ChainNamespace, AccountState>> = {}
  for (const network of networks) activeNetworks[network.chainNamespace] ??= network
  activeNetworks[defaultNetwork.chainNamespace] = defaultNetwork
  for (const namespace of adapters.keys()) accounts[namespace] = { namespace, status: 'disconnected' }
  store.set(activeNetworksAtom, activeNetworks)
  store.set(accountsAtom, accounts)

  // WalletConnect's and the embedded wallet's connectors enter the registry (their code loads on
  // first use); sign-in's flow loads and starts, then reads the current connection.
  attachFeatures(portico)
  if (!projectId) portico.alerts.emit('PROJECT_ID_NOT_CONFIGURED', { details: 'Pass `projectId` to createPortico.' })
  if (!portico._internal.ssr) hydrate(portico)
  return portico
}

function toIssues(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: describeIssue(issue) }))
}

// zod/mini ships no locale (that is what keeps it small), so its default message is a bare
// "Invalid input"; the issue itself says what was expected.
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message
  const detail = issue as { expected?: unknown; minimum?: unknown; maximum?: unknown; keys?: unknown; values?: unknown }
  if (issue.code === 'invalid_type') return `expected ${String(detail.expected)}`
  if (issue.code === 'too_small') return `too small (minimum ${String(detail.minimum)})`
  if (issue.code === 'too_big') return `too big (maximum ${String(detail.maximum)})`
  if (issue.code === 'unrecognized_keys') return `unknown keys: ${(detail.keys as string[]).join(', ')}`
  if (issue.code === 'invalid_value') return `expected one of ${(detail.values as unknown[]).map(String).join(', ')}`
  return issue.code
}

function stripTrailingSlashes(urls: Partial<ApiUrls> | undefined): Partial<ApiUrls> {
  const out: Partial<ApiUrls> = {}
  for (const [key, value] of Object.entries(urls ?? {}))
    if (value) out[key as keyof ApiUrls] = value.replace(/\/+$/, '')
  return out
}
