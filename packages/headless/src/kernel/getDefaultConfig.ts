import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from './adapters/solana/solanaAdapter.js'
import { createPortico } from './createPortico.js'
import { mainnet, networkAdapter, solana } from './networks.js'
import type { PorticoOptions } from './options.js'
import type { ChainAdapter, Portico } from './portico.js'
import type { Metadata, PorticoNetwork } from './types.js'
import type { ChainNamespace } from './utils/caip.js'

/**
 * Options of {@link getDefaultConfig}: your app's name and, for WalletConnect, your project id.
 * Every other {@link PorticoOptions} field passes through to `createPortico`.
 *
 * @example
 * const parameters: GetDefaultConfigParameters = { appName: 'My dapp', projectId: 'YOUR_PROJECT_ID' }
 */
export type GetDefaultConfigParameters = Omit<PorticoOptions, 'networks' | 'adapters' | 'metadata'> & {
  /** Shown by wallets when they ask the user to connect. */
  appName: string
  /** Defaults to `appName`. */
  appDescription?: string | undefined
  /** Your site's origin. Defaults to the page's origin in a browser (`http://localhost` elsewhere). */
  appUrl?: string | undefined
  /** An absolute URL of your app's icon. */
  appIcon?: string | undefined
  /** Default: Ethereum mainnet and Solana mainnet. */
  networks?: readonly [PorticoNetwork, ...PorticoNetwork[]] | undefined
  /**
   * Default: one adapter per namespace in `networks`. EVM and Solana get `eip155Adapter()` and
   * `solanaAdapter()`; a Polkadot, Bitcoin or Cosmos network brings its own (`polkadot`,
   * `bitcoin`, `cosmosHub` and the networks of `polkadotNetwork`, `bip122Network`,
   * `cosmosNetwork`), so a page that lists none never loads those adapters. A network built by
   * hand (or read back from JSON) of those namespaces needs its adapter passed here.
   */
  adapters?: readonly ChainAdapter[] | undefined
}

/** What {@link getDefaultConfig} returns: a ready Portico instance. */
export type GetDefaultConfigReturnType = Portico

// Only the namespaces of the default networks: the others' adapters come with their networks
// (`networkAdapter`), so their code is live only on a page that lists one.
const defaultAdapters: Partial<Record<ChainNamespace, () => ChainAdapter>> = {
  eip155: () => eip155Adapter(),
  solana: () => solanaAdapter(),
}

/** A namespace's adapter: the built-in one, else the one a listed network of it brings. */
function adapterFor(namespace: ChainNamespace, networks: readonly PorticoNetwork[]): ChainAdapter[] {
  const carrier = networks.find((network) => network.chainNamespace === namespace && networkAdapter(network))
  const make = defaultAdapters[namespace] ?? (carrier && networkAdapter(carrier))
  // None: createPortico refuses the network with its typed error ("No adapter configured for namespace …").
  return make ? [make()] : []
}

/**
 * The common case in one call: EVM and Solana (or the `networks` you pass, with one adapter per
 * namespace), the wallets the user has installed (EIP-6963 and Wallet Standard), and
 * WalletConnect when a `projectId` is given. Server-render safe like `createPortico`.
 *
 * @example
 * import { getDefaultConfig } from '@portico/headless'
 *
 * export const portico = getDefaultConfig({ appName: 'My dapp', projectId: 'YOUR_PROJECT_ID' })
 */
export function getDefaultConfig(parameters: GetDefaultConfigParameters): GetDefaultConfigReturnType {
  const { appName, appDescription, appUrl, appIcon, networks, adapters, ...options } = parameters
  const chosen = networks ?? ([mainnet, solana] as const)
  const namespaces = [...new Set(chosen.map((network) => network.chainNamespace))]
  const metadata: Metadata = {
    name: appName,
    description: appDescription ?? appName,
    url: appUrl ?? (typeof location === 'undefined' ? 'http://localhost' : location.origin),
    icons: appIcon ? [appIcon] : [],
  }
  return createPortico({
    ...options,
    metadata,
    networks: chosen,
    adapters: adapters ?? namespaces.flatMap((namespace) => adapterFor(namespace, chosen)),
  })
}
