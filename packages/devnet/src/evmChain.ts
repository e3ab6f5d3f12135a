import { type Chain, defineChain } from 'viem'
import { evmChainId } from './accounts.js'

/**
 * A viem chain for an EVM chain the devnet serves at `rpcUrl` (anvil's 31337 unless `chainId`
 * says otherwise). Defined here rather than taken from `viem/chains`: that entry loads every chain
 * viem knows (~0.4 s of module loading in each test file that imports the devnet).
 */
export function devnetEvmChain(rpcUrl: string, chainId: number = evmChainId): Chain {
  return defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}
