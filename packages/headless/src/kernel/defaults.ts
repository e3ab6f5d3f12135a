import type { AccountType } from './types.js'
import type { ChainNamespace } from './utils/caip.js'

/** Social login providers, in the spec's default order. */
export const defaultSocials = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const
export type SocialProvider = (typeof defaultSocials)[number]

/** Connect-method sections of the Connect view, in the spec's default order. */
export const defaultConnectMethodsOrder = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof defaultConnectMethodsOrder)[number]

/** Connector groups in the spec's order; the Connect view lists connectors group by group. */
export const defaultConnectorOrder = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorGroup = (typeof defaultConnectorOrder)[number]

/** Wallet features in the account view, in the spec's default order. */
export const defaultWalletFeaturesOrder = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof defaultWalletFeaturesOrder)[number]

/** Default account type per namespace (the spec). */
export const defaultAccountTypes = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
} as const satisfies Partial<Record<ChainNamespace, AccountType>>

/**
 * Feature flags. The remote-configurable ones (email, socials, swaps, onramp, activity,
 * reownBranding, multiWallet) keep the names the hosted configuration uses.
 */
export type Features = {
  receive: boolean
  send: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  email: boolean
  socials: readonly SocialProvider[] | false
  swaps: boolean
  onramp: boolean
  activity: boolean
  reownBranding: boolean
  multiWallet: boolean
  connectMethodsOrder: readonly ConnectMethod[]
  walletFeaturesOrder: readonly WalletFeature[]
}

/** The spec's default features. */
export const defaultFeatures: Features = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  email: true,
  socials: defaultSocials,
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: false,
  connectMethodsOrder: defaultConnectMethodsOrder,
  walletFeaturesOrder: defaultWalletFeaturesOrder,
}

/** The flags the remote project configuration may set. */
export const remoteFeatureKeys = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
  'multiWallet',
] as const
export type RemoteFeatureKey = (typeof remoteFeatureKeys)[number]

/** Hosted services Portico speaks to by default; every one is configurable. */
export const defaultApiUrls = {
  /** Project configuration, allowed origins, wallet directory and images. */
  api: 'https://api.web3modal.org',
  /** Blockchain data API and hosted JSON-RPC. */
  blockchain: 'https://rpc.walletconnect.org',
  /** Analytics events. */
  analytics: 'https://pulse.walletconnect.org',
} as const
export type ApiUrls = { api: string; blockchain: string; analytics: string }

/** Recent wallets kept (the spec). */
/** The spec's name suffixes, the first the default zone of a registration. */
export const defaultNameSuffixes = ['.reown.id', '.wcn.id'] as const satisfies readonly [string, ...string[]]
/** What a name suffix option must look like: a dot and dot-separated labels. */
export const nameSuffixPattern = /^(\.[a-z0-9-]+)+$/i

export const recentWalletsLimit = 2
/** Disconnect waits at most this long for the wallet's sign-out (the spec). */
export const disconnectTimeoutMs = 3_000
/** How long a silent reconnect waits for the persisted wallet to be discovered. */
export const reconnectDiscoveryTimeoutMs = 1_000
/** Portfolio and native balance cache lifetime (the spec). */
export const balanceStaleTimeMs = 30_000

/** The id of the embedded wallet's connector (type `AUTH`) in every namespace it serves. */
export const authConnectorId = 'auth'

/** The namespaces the embedded wallet serves (the spec: email and social login on eip155 and solana only). */
export const embeddedWalletNamespaces = ['eip155', 'solana'] as const satisfies readonly ChainNamespace[]
