import { authConnectorId, embeddedWalletNamespaces } from './defaults.js'
import type { ConnectorFeatureLifecycle, StartedFeatureLifecycle } from './featureLifecycle.js'
import { featureLoaders } from './featureLoaders.js'
import { type ConnectorDescriptor, lazyConnector } from './lazyConnector.js'
import type { Portico } from './portico.js'
import { setConnectors } from './state/registry.js'
import { walletConnectConnectorId } from './walletConnectOptions.js'

type LifecycleFeature = {
  /** Whether the instance's options turn the feature on. */
  enabled(portico: Portico): boolean
} & (
  | {
      /** The feature's connectors as data, in the registry from the start; each loads its code on first use. */
      connectors(portico: Portico): ConnectorDescriptor[]
      load(): Promise<{ lifecycle: ConnectorFeatureLifecycle }>
    }
  | {
      /** Without connectors there is no first use to wait for: loaded and started with the instance. */
      connectors?: undefined
      load(): Promise<{ lifecycle: StartedFeatureLifecycle }>
    }
)

// The features the kernel starts or lists connectors for. A new wallet kind that the kernel must
// know before the user picks it (listed at page start, restored on reload) is a row here.
const lifecycleFeatures: Record<string, LifecycleFeature> = {
  walletConnect: {
    enabled: (portico) => portico.options.walletConnect !== undefined,
    connectors: (portico) =>
      [...portico.adapters.keys()].map((chain) => ({
        id: walletConnectConnectorId,
        name: 'WalletConnect',
        chain,
        type: 'WALLET_CONNECT',
      })),
    load: featureLoaders.walletConnect,
  },
  embedded: {
    enabled: (portico) => Boolean(portico.options.embeddedWallet?.frameUrl),
    connectors: (portico) =>
      embeddedWalletNamespaces
        .filter((chain) => portico.adapters.has(chain))
        .map((chain) => ({ id: authConnectorId, name: 'Email', chain, type: 'AUTH', accountNames: true })),
    load: featureLoaders.embedded,
  },
  siwx: {
    enabled: (portico) => Boolean(portico.options.siwx),
    load: featureLoaders.siwx,
  },
  // Several wallets per namespace: the list must follow every connection from the first one (a
  // wallet connected and replaced before anything read the list would otherwise be lost).
  wallets: {
    enabled: (portico) => portico.options.localFeatures?.multiWallet === true,
    load: featureLoaders.wallets,
  },
}

/**
 * @internal
 * Attaches the features the instance's options turn on, the same way for each: its connectors
 * enter the registry as descriptors whose implementation loads on first use, and a feature without
 * connectors is loaded and started now (without holding up creation).
 *
 * @example
 * attachFeatures(portico) // in createPortico, before the stored session is read
 */
export function attachFeatures(portico: Portico): void {
  for (const [name, feature] of Object.entries(lifecycleFeatures)) {
    if (!feature.enabled(portico)) continue
    if (feature.connectors)
      setConnectors(
        portico,
        `feature:${name}`,
        feature
          .connectors(portico)
          .map((descriptor) =>
            lazyConnector(descriptor, async () => (await feature.load()).lifecycle.connector(portico, descriptor)),
          ),
      )
    else
      feature.load().then(
        ({ lifecycle }) => lifecycle.start(portico),
        (error: unknown) => console.warn(`[portico] Could not load ${name}`, error),
      )
  }
}
