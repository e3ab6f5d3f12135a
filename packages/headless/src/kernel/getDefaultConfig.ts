import { bip122Adapter } from './adapters/bip122/bip122Adapter.js'
import { cosmosAdapter } from './adapters/cosmos/cosmosAdapter.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { polkadotAdapter } from './adapters/polkadot/polkadotAdapter.js'
import { solanaAdapter } from './adapters/solana/solanaAdapter.js'
import { createPortico } from './createPortico.js'
import { mainnet, solana } from './networks.js'
import type { Metadata, PorticoOptions } from './options.js'
import type { Portico } from './portico.js'
import type { ChainAdapter, PorticoNetwork } from './types.js'
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
  /** Default: one adapter per namespace in `networks`. */
  adapters?: readonly ChainAdapter[] | undefined
}

/** What {@link getDefaultConfig} returns: a ready Portico instance. */
export type GetDefaultConfigReturnType = Portico

const defaultAdapters: Record<ChainNamespace, () => ChainAdapter> = {
  eip155: () => eip155Adapter(),
  solana: () => solanaAdapter(),
  polkadot: () => polkadotAdapter(),
  bip122: () => bip122Adapter(),
  cosmos: () => cosmosAdapter(),
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
    adapters: adapters ?? namespaces.map((namespace) => defaultAdapters[namespace]()),
  })
}
