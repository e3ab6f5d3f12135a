import type { Chain } from 'viem'
import type { ChainAdapter } from './portico.js'
import type { NetworkToken, PorticoNetwork } from './types.js'

export type Eip155NetworkParameters = {
  id: number
  name: string
  rpcUrl: string | readonly string[]
  nativeCurrency?: PorticoNetwork['nativeCurrency'] | undefined
  blockExplorer?: { name: string; url: string } | undefined
  imageUrl?: string | undefined
  testnet?: boolean | undefined
  tokens?: readonly NetworkToken[] | undefined
}

/**
 * Defines an EVM network; the CAIP-2 id is derived from the chain id.
 *
 * @example
 * const devnet = eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545', testnet: true })
 */
export function eip155Network(parameters: Eip155NetworkParameters): PorticoNetwork {
  return {
    id: parameters.id,
    caipNetworkId: `eip155:${parameters.id}`,
    chainNamespace: 'eip155',
    name: parameters.name,
    nativeCurrency: parameters.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: typeof parameters.rpcUrl === 'string' ? [parameters.rpcUrl] : parameters.rpcUrl } },
    blockExplorers: parameters.blockExplorer ? { default: parameters.blockExplorer } : undefined,
    assets: parameters.imageUrl ? { imageUrl: parameters.imageUrl } : undefined,
    testnet: parameters.testnet,
    tokens: parameters.tokens,
  }
}

/**
 * Turns a viem chain (`viem/chains`) into a Portico network.
 *
 * @example
 * import { base } from 'viem/chains'
 * const network = fromViemChain(base, { tokens: [{ address: '0x8335…2913', symbol: 'USDC', decimals: 6 }] })
 */
export function fromViemChain(chain: Chain, extra: Partial<Pick<Eip155NetworkParameters, 'tokens' | 'imageUrl'>> = {}) {
  return eip155Network({
    id: chain.id,
    name: chain.name,
    rpcUrl: chain.rpcUrls.default.http,
    nativeCurrency: chain.nativeCurrency,
    blockExplorer: chain.blockExplorers?.default,
    testnet: chain.testnet,
    ...extra,
  })
}

export type SolanaNetworkParameters = {
  /** The cluster's genesis hash (the CAIP-2 reference is its first 32 characters). */
  genesisHash: string
  name: string
  rpcUrl: string | readonly string[]
  blockExplorer?: { name: string; url: string } | undefined
  imageUrl?: string | undefined
  testnet?: boolean | undefined
  /** SPL token mints whose balances are read. */
  tokens?: readonly NetworkToken[] | undefined
}

/**
 * Defines a Solana cluster; the CAIP-2 id is `solana:` plus the first 32 characters of its genesis hash.
 *
 * @example
 * const local = solanaNetwork({ genesisHash, name: 'Solana Devnet (local)', rpcUrl: 'http://127.0.0.1:8899' })
 */
export function solanaNetwork(parameters: SolanaNetworkParameters): PorticoNetwork {
  const reference = parameters.genesisHash.slice(0, 32)
  return {
    id: reference,
    caipNetworkId: `solana:${reference}`,
    chainNamespace: 'solana',
    name: parameters.name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: typeof parameters.rpcUrl === 'string' ? [parameters.rpcUrl] : parameters.rpcUrl } },
    blockExplorers: parameters.blockExplorer ? { default: parameters.blockExplorer } : undefined,
    assets: parameters.imageUrl ? { imageUrl: parameters.imageUrl } : undefined,
    testnet: parameters.testnet,
    tokens: parameters.tokens,
  }
}

/** Ethereum mainnet. */
export const mainnet = /* @__PURE__ */ eip155Network({
  id: 1,
  name: 'Ethereum',
  rpcUrl: 'https://eth.merkle.io',
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
  tokens: [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
})

/** Sepolia testnet. */
export const sepolia = /* @__PURE__ */ eip155Network({
  id: 11155111,
  name: 'Sepolia',
  rpcUrl: 'https://sepolia.drpc.org',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  blockExplorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' },
  testnet: true,
})

/** Base mainnet. */
export const base = /* @__PURE__ */ eip155Network({
  id: 8453,
  name: 'Base',
  rpcUrl: 'https://mainnet.base.org',
  blockExplorer: { name: 'Basescan', url: 'https://basescan.org' },
})

/** Solana mainnet-beta. */
export const solana = /* @__PURE__ */ solanaNetwork({
  genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  name: 'Solana',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
})

/** Solana devnet (the public cluster). */
export const solanaDevnet = /* @__PURE__ */ solanaNetwork({
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  testnet: true,
})

/** Parameters of the networks Portico reaches only through WalletConnect (polkadot, bip122, cosmos). */
export type WalletConnectNetworkParameters = {
  name: string
  nativeCurrency: PorticoNetwork['nativeCurrency']
  rpcUrl?: string | readonly string[] | undefined
  blockExplorer?: { name: string; url: string } | undefined
  imageUrl?: string | undefined
  testnet?: boolean | undefined
}

// A network of a namespace Portico reaches only through WalletConnect carries how to build its
// adapter, and `getDefaultConfig` asks the network. So that adapter's code (its connectors and
// address checks) is live only on a page that lists such a network: the network values are defined
// beside their adapters (`adapters/<namespace>/<namespace>Network.ts`), and an unused `bitcoin` is
// dropped with its adapter. A symbol key: JSON, structured clone (postMessage), zod's copies and
// `Object.keys` skip it (a network stays plain data wherever it is stored or sent), while a spread
// (`{ ...bitcoin, rpcUrls }`) keeps it. Only getDefaultConfig reads it, from the caller's objects.
const adapterKey = Symbol('portico.networkAdapter')

type NetworkWithAdapter = PorticoNetwork & { readonly [adapterKey]?: (() => ChainAdapter) | undefined }

/**
 * @internal How to build the adapter of a network defined by `bip122Network`, `polkadotNetwork` or
 * `cosmosNetwork` (and their constants); `undefined` for any other network, including one that lost
 * the key by going through JSON.
 *
 * @example
 * const adapter = networkAdapter(bitcoin)?.() // bip122Adapter()
 */
export function networkAdapter(network: PorticoNetwork): (() => ChainAdapter) | undefined {
  return (network as NetworkWithAdapter)[adapterKey]
}

/**
 * @internal A network of a namespace Portico reaches only through WalletConnect, carrying `adapter`
 * (see {@link networkAdapter}).
 *
 * @example
 * walletConnectNetwork('cosmos', 'osmosis-1', { name: 'Osmosis', nativeCurrency }, () => cosmosAdapter())
 */
export function walletConnectNetwork(
  namespace: 'polkadot' | 'bip122' | 'cosmos',
  reference: string,
  parameters: WalletConnectNetworkParameters,
  adapter: () => ChainAdapter,
): PorticoNetwork {
  const rpc = parameters.rpcUrl
  const network: NetworkWithAdapter = {
    id: reference,
    caipNetworkId: `${namespace}:${reference}`,
    chainNamespace: namespace,
    name: parameters.name,
    nativeCurrency: parameters.nativeCurrency,
    rpcUrls: { default: { http: rpc === undefined ? [] : typeof rpc === 'string' ? [rpc] : rpc } },
    blockExplorers: parameters.blockExplorer ? { default: parameters.blockExplorer } : undefined,
    assets: parameters.imageUrl ? { imageUrl: parameters.imageUrl } : undefined,
    testnet: parameters.testnet,
    [adapterKey]: adapter,
  }
  return network
}
