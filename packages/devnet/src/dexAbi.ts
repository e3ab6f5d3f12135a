/**
 * The parts of the Uniswap V2 and EIP-2612 ABIs the devnet uses (the emulator's quotes and
 * calldata, the on-ramp payout, tests), as human-readable signatures parsed once.
 */
import { parseAbi } from 'viem'

/**
 * Uniswap V2 Router02: quotes, the swap entry points the emulator builds calldata for, and the
 * fee-on-transfer variants a client may send instead.
 *
 * @example
 * ```ts
 * const [, out] = await client.readContract({ address: devnetDex.router, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amount, path] })
 * ```
 */
export const uniswapV2RouterAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/**
 * Uniswap V2 pair reads (reserves and token order) for price impact.
 *
 * @example
 * ```ts
 * const [r0, r1] = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
 * ```
 */
export const uniswapV2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
])

/**
 * Uniswap V2 factory: the pair of two tokens (zero address when there is none).
 *
 * @example
 * ```ts
 * const pair = await client.readContract({ address: devnetDex.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [a, b] })
 * ```
 */
export const uniswapV2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])

/**
 * EIP-2612 (PTK on devnet) plus the devnet tokens' treasury-only `mint`.
 *
 * @example
 * ```ts
 * const nonce = await client.readContract({ address: ptk, abi: devnetTokenAbi, functionName: 'nonces', args: [owner] })
 * ```
 */
export const devnetTokenAbi = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function mint(address to, uint256 amount)',
  'function minter() view returns (address)',
])
