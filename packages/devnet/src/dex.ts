/**
 * The Uniswap V2 deployment on the devnet anvil chain (the unmodified `@uniswap/v2-core` and
 * `@uniswap/v2-periphery` artifacts). Plain constants (browser-safe).
 *
 * The treasury is anvil's account #9 (same mnemonic as `evmAccounts`, outside that list so the
 * funded test accounts keep their balances and nonces). It deployed WETH9, the factory and
 * Router02 at its nonces 0 to 2, minted the pool liquidity and is the devnet tokens' minter.
 * `scripts/build-state.ts` verifies every address here against the chain it builds.
 */

/**
 * Addresses of the devnet DEX and its pools. Pool reserves follow the emulator's USD prices
 * (ETH 3000, USDC 1, PTK 0.5), deep enough that a 1 ETH swap moves the price by about 1%.
 *
 * @example
 * ```ts
 * import { devnetDex } from '@portico/devnet'
 *
 * const amounts = await client.readContract({ address: devnetDex.router, abi: routerAbi, functionName: 'getAmountsOut', args: [10n ** 18n, [devnetDex.weth, usdc]] })
 * ```
 */
export const devnetDex = {
  /** anvil account #9: deployer of the DEX, liquidity provider, minter of the devnet ERC20s. */
  treasury: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  /** Its private key (public: derived from the standard test mnemonic). */
  treasuryPrivateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  weth: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  factory: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
  router: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
  /**
   * A gas limit above what any direct Router02 swap costs, for a swap a test sends itself. An
   * exact estimate does not do: it is made against the current block, and a swap mined in a later
   * second also writes the pair's price accumulators (two more storage writes), so under load it
   * ran out of gas ('not enough gas for reentrancy sentry').
   */
  swapGasLimit: 300_000n,
  /** Pair contracts (CREATE2 from the factory), by pool. */
  pairs: {
    'ETH/USDC': '0x6e3f620c0D4933e7Edaf74c94bD58F382228aee8',
    'ETH/PTK': '0xe7Ce3f7A456C4c6f56767d3b6CD82C1F930dCa1C',
    'USDC/PTK': '0xFD7c9ca75cf5FedF222eC0e02F235363C3add5B7',
  },
} as const

/**
 * Liquidity seeded into each pool, in base units (`tokenA` amount, `tokenB` amount). `'ETH'` is
 * WETH in the pair.
 *
 * @example
 * ```ts
 * const ethUsdc = devnetPools.find((p) => p.pair === 'ETH/USDC')
 * ```
 */
export const devnetPools = [
  { pair: 'ETH/USDC', tokenA: 'ETH', tokenB: 'USDC', amountA: 100n * 10n ** 18n, amountB: 300_000n * 10n ** 6n },
  { pair: 'ETH/PTK', tokenA: 'ETH', tokenB: 'PTK', amountA: 100n * 10n ** 18n, amountB: 600_000n * 10n ** 18n },
  { pair: 'USDC/PTK', tokenA: 'USDC', tokenB: 'PTK', amountA: 200_000n * 10n ** 6n, amountB: 400_000n * 10n ** 18n },
] as const
