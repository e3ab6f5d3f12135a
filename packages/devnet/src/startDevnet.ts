import { evmAccounts, evmChainId, solanaAccounts, solanaCaipNetworkId, solanaGenesisHash } from './accounts.js'
import { startAnvil } from './anvil.js'
import { resolveLoopbackHost } from './net.js'
import { startSolanaRpc } from './solana/server.js'
import { evmTokens, solanaTokens } from './tokens.js'

/**
 * Options for {@link startDevnet}. Ports default to 0 (a free port each).
 *
 * @example
 * ```ts
 * const devnet = await startDevnet({ evm: { port: 8545 }, solana: { port: 8899 } })
 * ```
 */
export interface StartDevnetOptions {
  /** Loopback address for both chains (default `127.0.0.1`); anything else is rejected. */
  host?: string
  evm?: { port?: number }
  solana?: { port?: number }
}

/**
 * An ERC20 on the devnet EVM chain.
 *
 * @example
 * ```ts
 * const usdc: DevnetEvmToken = devnet.evm.tokens.find((t) => t.symbol === 'USDC')!
 * ```
 */
export interface DevnetEvmToken {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
}

/**
 * An SPL token mint on the devnet Solana chain.
 *
 * @example
 * ```ts
 * const [usdc]: DevnetSolanaToken[] = devnet.solana.tokens
 * ```
 */
export interface DevnetSolanaToken {
  mint: string
  name: string
  symbol: string
  decimals: number
}

/**
 * Both running devnet chains and what is on them. Plain data apart from `stop`, so it can be
 * serialized (e.g. handed from a test's global setup to the tests).
 *
 * @example
 * ```ts
 * const devnet: Devnet = await startDevnet()
 * const wallet = createWalletClient({ account: privateKeyToAccount(devnet.evm.accounts[0].privateKey), transport: http(devnet.evm.rpcUrl) })
 * ```
 */
export interface Devnet {
  evm: {
    rpcUrl: string
    chainId: typeof evmChainId
    caipNetworkId: `eip155:${typeof evmChainId}`
    accounts: typeof evmAccounts
    tokens: DevnetEvmToken[]
  }
  solana: {
    rpcUrl: string
    caipNetworkId: typeof solanaCaipNetworkId
    genesisHash: typeof solanaGenesisHash
    accounts: typeof solanaAccounts
    tokens: DevnetSolanaToken[]
  }
  /** Stops both chains; resolves once their processes and ports are released. */
  stop(): Promise<void>
}

/**
 * Starts the local EVM chain (anvil) and the Solana RPC (litesvm) side by side, with funded
 * accounts and tokens. Both start in parallel; if either fails the other is stopped, so a
 * failed start never leaves a stray process or bound port behind.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@portico/devnet'
 *
 * const devnet = await startDevnet()
 * console.log(devnet.evm.rpcUrl, devnet.solana.rpcUrl)
 * // ... point wallets / clients at the URLs ...
 * await devnet.stop()
 * ```
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  // Validate before starting anything so a bad host fails fast and cleanly.
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const [evmResult, solanaResult] = await Promise.allSettled([
    startAnvil({ host, port: options.evm?.port ?? 0 }),
    startSolanaRpc({ host, port: options.solana?.port ?? 0 }),
  ])
  if (evmResult.status === 'rejected' || solanaResult.status === 'rejected') {
    await Promise.allSettled([
      evmResult.status === 'fulfilled' ? evmResult.value.stop() : undefined,
      solanaResult.status === 'fulfilled' ? solanaResult.value.stop() : undefined,
    ])
    throw evmResult.status === 'rejected' ? evmResult.reason : (solanaResult as PromiseRejectedResult).reason
  }
  const anvil = evmResult.value
  const solana = solanaResult.value

  let stopping: Promise<void> | undefined
  return {
    evm: {
      rpcUrl: anvil.rpcUrl,
      chainId: evmChainId,
      caipNetworkId: `eip155:${evmChainId}`,
      accounts: evmAccounts,
      tokens: evmTokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
    },
    solana: {
      rpcUrl: solana.rpcUrl,
      caipNetworkId: solanaCaipNetworkId,
      genesisHash: solanaGenesisHash,
      accounts: solanaAccounts,
      tokens: solanaTokens.map(({ mint, name, symbol, decimals }) => ({ mint, name, symbol, decimals })),
    },
    stop() {
      stopping ??= Promise.all([anvil.stop(), solana.stop()]).then(() => undefined)
      return stopping
    },
  }
}
