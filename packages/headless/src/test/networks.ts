// Node-free, so browser test files can import it (fixtures.ts also starts HTTP servers).
import { eip155Network, solanaNetwork } from '../kernel/networks.js'

/** @internal Networks over given devnet URLs (or placeholders for tests that never call the RPC). */
export function testNetworks({
  evmRpcUrl = 'http://127.0.0.1:1',
  solanaRpcUrl = 'http://127.0.0.1:1',
  genesisHash = 'B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75MhTChrrUNHcRp',
  evmTokens = [],
  solanaTokens = [],
}: {
  evmRpcUrl?: string
  solanaRpcUrl?: string
  genesisHash?: string
  evmTokens?: { address: string }[]
  solanaTokens?: { address: string; symbol?: string; name?: string }[]
} = {}) {
  const devnet = eip155Network({ id: 31337, name: 'Devnet', rpcUrl: evmRpcUrl, tokens: evmTokens, testnet: true })
  const devnet2 = eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: evmRpcUrl, testnet: true })
  const solanaLocal = solanaNetwork({ genesisHash, name: 'Solana Devnet', rpcUrl: solanaRpcUrl, tokens: solanaTokens })
  return { devnet, devnet2, solanaLocal, all: [devnet, devnet2, solanaLocal] as const }
}
