// Vitest loads global setup files without the workspace's `portico-source` condition, so the
// package name would need a prior build; the source path keeps `npm test` build-order free.

import { createServer } from 'node:net'
import type { TestProject } from 'vitest/node'
import { startDevnet } from '../../../devnet/src/index.js'

export type ProvidedDevnet = {
  evmRpcUrl: string
  solanaRpcUrl: string
  solanaGenesisHash: string
  evmPrivateKeys: string[]
  evmTokens: { address: string; symbol: string; decimals: number }[]
  /** The hosted-services emulator. */
  apiUrl: string
  /** The devnet WalletConnect relay. */
  walletConnectRelayUrl: string
  /** The devnet on-ramp provider's checkout origin (page at `/checkout`). */
  onrampUrl: string
  /** The devnet Uniswap V2 router (the spender swaps approve). */
  swapRouter: string
  /** The devnet's ERC-4337 bundler (Alto, started on its first request) and ERC-7677 paymaster service. */
  bundlerUrl: string
  paymasterUrl: string
  /**
   * A loopback JSON-RPC URL whose server drops every connection unanswered: a bundler that is down,
   * for tests that cannot switch the shared devnet's bundler off under the other files.
   */
  downBundlerUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: ProvidedDevnet
  }
}

/**
 * One devnet for test files that cannot start their own: DOM-environment tests, where the devnet
 * package (Node-only: it spawns anvil and reads its state file) cannot be imported. Node tests
 * start a devnet per file instead, for isolation.
 */
export async function setup(project: TestProject) {
  // No auth server here: it would load @portico/auth, which this runner (no `portico-source`
  // condition) can only find built, and no test through this setup logs in by email yet.
  const devnet = await startDevnet({ auth: false })
  const down = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve))
  const downPort = (down.address() as { port: number }).port
  project.provide('devnet', {
    evmRpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    solanaGenesisHash: devnet.solana.genesisHash,
    evmPrivateKeys: devnet.evm.accounts.map((a) => a.privateKey),
    evmTokens: devnet.evm.tokens.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
    apiUrl: devnet.api.url,
    walletConnectRelayUrl: devnet.walletConnect.relayUrl,
    onrampUrl: devnet.onramp.url,
    swapRouter: devnet.evm.dex.router,
    bundlerUrl: devnet.aa.bundlerUrl,
    paymasterUrl: devnet.aa.paymasterUrl,
    downBundlerUrl: `http://127.0.0.1:${downPort}/rpc`,
  })
  return async () => {
    down.close()
    await devnet.stop()
  }
}
