import type { Chain } from 'viem'
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

function walletConnectNetwork(
  namespace: 'polkadot' | 'bip122' | 'cosmos',
  reference: string,
  parameters: WalletConnectNetworkParameters,
): PorticoNetwork {
  const rpc = parameters.rpcUrl
  return {
    id: reference,
    caipNetworkId: `${namespace}:${reference}`,
    chainNamespace: namespace,
    name: parameters.name,
    nativeCurrency: parameters.nativeCurrency,
    rpcUrls: { default: { http: rpc === undefined ? [] : typeof rpc === 'string' ? [rpc] : rpc } },
    blockExplorers: parameters.blockExplorer ? { default: parameters.blockExplorer } : undefined,
    assets: parameters.imageUrl ? { imageUrl: parameters.imageUrl } : undefined,
    testnet: parameters.testnet,
  }
}

/**
 * Defines a Polkadot-SDK chain; the CAIP-2 reference is the first 32 hex characters of its
 * genesis hash (without 0x).
 *
 * @example
 * const westend = polkadotNetwork({ genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e…', name: 'Westend', nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 } })
 */
export function polkadotNetwork(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('polkadot', parameters.genesisHash.replace(/^0x/, '').slice(0, 32), parameters)
}

/**
 * Defines a Bitcoin network (bip122); the CAIP-2 reference is the first 32 hex characters of the
 * genesis block hash.
 *
 * @example
 * const regtest = bip122Network({ genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, testnet: true })
 */
export function bip122Network(parameters: WalletConnectNetworkParameters & { genesisHash: string }): PorticoNetwork {
  return walletConnectNetwork('bip122', parameters.genesisHash.slice(0, 32), parameters)
}

/**
 * Defines a Cosmos SDK chain; the CAIP-2 reference is its chain id.
 *
 * @example
 * const osmosis = cosmosNetwork({ chainId: 'osmosis-1', name: 'Osmosis', nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 } })
 */
export function cosmosNetwork(parameters: WalletConnectNetworkParameters & { chainId: string }): PorticoNetwork {
  return walletConnectNetwork('cosmos', parameters.chainId, parameters)
}

/** Polkadot relay chain. */
export const polkadot = /* @__PURE__ */ polkadotNetwork({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  name: 'Polkadot',
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  blockExplorer: { name: 'Subscan', url: 'https://polkadot.subscan.io' },
})

/** Bitcoin mainnet. */
export const bitcoin = /* @__PURE__ */ bip122Network({
  genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  blockExplorer: { name: 'Mempool', url: 'https://mempool.space' },
})

/** Cosmos Hub. */
export const cosmosHub = /* @__PURE__ */ cosmosNetwork({
  chainId: 'cosmoshub-4',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' },
})
