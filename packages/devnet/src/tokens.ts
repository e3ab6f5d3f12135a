/**
 * Tokens that exist on the devnet chains from the first block. Plain constants (browser-safe)
 * so UIs and tests can reference them without starting anything.
 *
 * The EVM addresses are not configuration: they are where account #0's deployments at nonce 0
 * and 1 land. `scripts/build-state.ts` deploys with exactly these parameters and fails if an
 * address differs, so this file, `state/contracts.json` and `state/anvil-state.json` cannot drift.
 */

/**
 * ERC20 tokens deployed on the devnet anvil chain, each minted to every account in `evmAccounts`.
 * The devnet treasury (`devnetDex.treasury`) is their minter: it funds the DEX pools and the
 * on-ramp emulator's payouts.
 *
 * @example
 * ```ts
 * import { evmTokens } from '@portico/devnet'
 * import { erc20Abi } from 'viem'
 *
 * const usdc = evmTokens[0]
 * const balance = await client.readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
 * ```
 */
export const evmTokens = [
  {
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    decimals: 6,
    /** Base units minted to each devnet account (10,000 USDC). */
    initialBalance: 10_000n * 10n ** 6n,
    /** Whether the token has EIP-2612 `permit` (USDC here does not: swaps approve it). */
    eip2612: false,
  },
  {
    address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    name: 'Portico Token',
    symbol: 'PTK',
    decimals: 18,
    /** Base units minted to each devnet account (1,000 PTK). */
    initialBalance: 1_000n * 10n ** 18n,
    /** PTK has EIP-2612 `permit` (EIP-712 domain: name "Portico Token", version "1"). */
    eip2612: true,
  },
] as const

/**
 * SPL Token (classic Token program) mints on the devnet Solana chain. Each account in
 * `solanaAccounts` holds `initialBalance` in its associated token account; the mint authority is
 * Solana account #0, so tests can mint more through the real Token program.
 *
 * @example
 * ```ts
 * import { solanaTokens } from '@portico/devnet'
 * import { address } from '@solana/kit'
 *
 * const { value } = await rpc.getTokenAccountsByOwner(owner, { mint: address(solanaTokens[0].mint) }, { encoding: 'jsonParsed' }).send()
 * ```
 */
export const solanaTokens = [
  {
    /** Address of the ed25519 key whose 32-byte secret is `mintSeed` (`sha256("portico-devnet-solana-usdc-mint")`). */
    mint: '7jNc8exmQkp6LZdBAsR6d9pRpjQDnp4XuX4L7U9nbVnQ',
    mintSeed: 'be59a167c5de97d40cf6edb2de3c5f3a5382fc8bb03df50dda67e4f27f2aeeb5',
    name: 'USD Coin (Devnet)',
    symbol: 'USDC',
    decimals: 6,
    /** Base units held by each devnet account (5,000 USDC). */
    initialBalance: 5_000n * 10n ** 6n,
  },
] as const

/**
 * Lamports airdropped to each account in `solanaAccounts` at start-up (1,000 SOL).
 *
 * @example
 * ```ts
 * import { solanaInitialLamports } from '@portico/devnet'
 *
 * expect((await rpc.getBalance(owner).send()).value).toBe(solanaInitialLamports)
 * ```
 */
export const solanaInitialLamports = 1_000n * 1_000_000_000n
