import { createStore } from 'jotai/vanilla'
import { createAlertBus } from './alerts.js'
import {
  type ApiUrls,
  defaultAccountTypes,
  defaultApiUrls,
  defaultConnectorOrder,
  defaultFeatures,
  defaultNameSuffixes,
  type Features,
} from './defaults.js'
import { attachFeatures } from './lifecycle.js'
import { type PorticoOptions, parseOptions } from './options.js'
import type { Portico } from './portico.js'
import type { PorticoTransport } from './rpc/types.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, featuresAtom, networksAtom } from './state/atoms.js'
import { hydrate } from './state/hydrate.js'
import { createSingleFlightState } from './state/singleFlight.js'
import { createPorticoStorage, getDefaultStorage } from './state/storage.js'
import type { AccountState, PorticoNetwork } from './types.js'
import type { ChainNamespace } from './utils/caip.js'
import { version } from './version.js'
import { resolveWalletConnectOptions } from './walletConnectOptions.js'

/**
 * Creates a Portico instance from validated options.
 *
 * - Options are validated: bad input throws {@link InvalidOptionsError} listing each problem.
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
  const { parsed, networks, adapters, defaultNetwork } = parseOptions(options)
  const projectId = parsed.projectId || undefined
  const storage = options.storage === undefined ? getDefaultStorage() : options.storage
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  const store = createStore()
  store.set(networksAtom, networks)
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
      bundlerMap: parsed.bundlerMap ?? {},
      paymasterMap: parsed.paymasterMap ?? {},
      transports: (parsed.transports ?? {}) as Readonly<Record<string, PorticoTransport>>,
      rpcPing: parsed.rpcPing ?? true,
      connectorOrder: parsed.connectorOrder ?? defaultConnectorOrder,
      featuredWalletIds: parsed.featuredWalletIds ?? [],
      includeWalletIds: parsed.includeWalletIds ?? [],
      excludeWalletIds: parsed.excludeWalletIds ?? [],
      customWallets: parsed.customWallets ?? [],
      termsConditionsUrl: parsed.termsConditionsUrl,
      privacyPolicyUrl: parsed.privacyPolicyUrl,
      defaultAccountTypes: { ...defaultAccountTypes, ...parsed.defaultAccountTypes },
      signOutOnDisconnect: parsed.signOutOnDisconnect ?? true,
      allowUnsupportedChain: parsed.allowUnsupportedChain ?? false,
      enableNetworkSwitch: parsed.enableNetworkSwitch ?? true,
      enableInjected: parsed.enableInjected ?? true,
      siwx: parsed.siwx ?? parsed.siweConfig,
      apiUrls: { ...defaultApiUrls, ...stripTrailingSlashes(parsed.apiUrls) },
      nameSuffixes: (parsed.nameSuffixes as [string, ...string[]] | undefined) ?? [...defaultNameSuffixes],
      sdkType: parsed.sdkType ?? 'portico',
      sdkVersion: parsed.sdkVersion ?? `react-portico-${version}`,
      walletConnect:
        projectId && options.walletConnect !== false
          ? resolveWalletConnectOptions(options.walletConnect || undefined)
          : undefined,
      embeddedWallet: options.embeddedWallet,
    },
    // Read from the store: networks can be added and removed at runtime.
    get networks() {
      return store.get(networksAtom)
    },
    defaultNetwork,
    adapters,
    store,
    alerts: createAlertBus(),
    storage: createPorticoStorage(storage),
    fetch: fetchFn,
    _internal: {
      hydrated: false,
      ssr: parsed.ssr ?? false,
      walletSubscriptions: new Map(),
      connectAttempts: new Map(),
      connectsInFlight: new Map(),
      discovery: { holders: 0, stops: [] },
      imageUrls: new Map(),
      features: new Map(),
      singleFlight: createSingleFlightState(),
      rpcClients: new Map(),
    },
  }

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

function stripTrailingSlashes(urls: Partial<ApiUrls> | undefined): Partial<ApiUrls> {
  const out: Partial<ApiUrls> = {}
  for (const [key, value] of Object.entries(urls ?? {}))
    if (value) out[key as keyof ApiUrls] = value.replace(/\/+$/, '')
  return out
}
