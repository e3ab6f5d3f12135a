/**
 * The blockchain API's convert (swap) routes, answered from the devnet chain: tokens and their
 * prices come from the Uniswap V2 pools' reserves, quotes from Router02's `getAmountsOut`,
 * allowances from the ERC20s, calldata is real Router02 calldata. Nothing is tabulated.
 */
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  isAddress,
  maxUint256,
  type PublicClient,
} from 'viem'
import { devnetDex } from '../dex.js'
import { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from '../dexAbi.js'
import { HttpError, isRecord } from '../emulator/app.js'
import { evmTokens } from '../tokens.js'
import { evmCaip2, gasPrice } from './chain.js'

/** The native-currency placeholder address the convert API uses for ETH. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Deadline the built swap gets when the request names none (seconds from now). */
const DEFAULT_DEADLINE_SECONDS = 20 * 60
const APPROVE_GAS = 60_000n

/** A token as `GET /v1/convert/tokens` lists it. */
export interface ConvertToken {
  name: string
  symbol: string
  /** CAIP-10, e.g. `eip155:31337:0x5FbD…`. */
  address: string
  decimals: number
  logoUri: string
  eip2612: boolean
  /** USD price derived from the pools (USDC counts as 1 USD). */
  price: number
}

interface DevnetSwapToken {
  name: string
  symbol: string
  /** What the router trades: WETH for ETH. */
  routerAddress: Address
  /** What the API calls it: the placeholder for ETH. */
  apiAddress: Address
  decimals: number
  eip2612: boolean
  native: boolean
}

const swapTokens: DevnetSwapToken[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    routerAddress: devnetDex.weth,
    apiAddress: NATIVE_TOKEN_ADDRESS,
    decimals: 18,
    eip2612: false,
    native: true,
  },
  ...evmTokens.map((t) => ({
    name: t.name,
    symbol: t.symbol,
    routerAddress: t.address as Address,
    apiAddress: t.address as Address,
    decimals: t.decimals,
    eip2612: t.eip2612,
    native: false,
  })),
]

const clients = new Map<string, PublicClient>()
function clientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    clients.set(rpcUrl, client)
  }
  return client
}

/** Requires the devnet chain; the convert API serves no other network here. */
function requireDevnetChain(chainId: string | null): void {
  if (chainId !== evmCaip2) throw new HttpError(400, `Unsupported chainId ${chainId ?? '(none)'}`)
}

/** Parses a CAIP-10 (on the devnet chain) or bare EVM address. */
function parseAddress(value: unknown, name: string): Address {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `Missing ${name}`)
  const parts = value.split(':')
  if (parts.length === 3 && `${parts[0]}:${parts[1]}` !== evmCaip2)
    throw new HttpError(400, `${name}: unsupported chain ${parts[0]}:${parts[1]}`)
  if (parts.length !== 1 && parts.length !== 3) throw new HttpError(400, `${name} is not an address`)
  const bare = parts.at(-1) ?? ''
  if (!isAddress(bare, { strict: false })) throw new HttpError(400, `${name} is not an address`)
  return getAddress(bare)
}

function findToken(value: unknown, name: string): DevnetSwapToken {
  const address = parseAddress(value, name).toLowerCase()
  const token = swapTokens.find((t) => t.apiAddress.toLowerCase() === address)
  if (!token) throw new HttpError(400, `${name}: ${address} is not a swappable devnet token`)
  return token
}

function parseAmount(value: unknown): bigint {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^\d+$/.test(text))
    throw new HttpError(400, 'amount must be a whole number of base units')
  const amount = BigInt(text)
  if (amount === 0n) throw new HttpError(400, 'amount must be greater than 0')
  return amount
}

const caip10 = (address: string) => `${evmCaip2}:${address}`

async function reserves(client: PublicClient, a: Address, b: Address): Promise<[bigint, bigint]> {
  const pair = await client.readContract({
    address: devnetDex.factory,
    abi: uniswapV2FactoryAbi,
    functionName: 'getPair',
    args: [a, b],
  })
  if (/^0x0{40}$/.test(pair)) throw new HttpError(400, 'No liquidity for this pair')
  const [[r0, r1], token0] = await Promise.all([
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
  ])
  return token0.toLowerCase() === a.toLowerCase() ? [r0, r1] : [r1, r0]
}

/** USD prices from the pools: USDC is 1, the others are valued against their USDC pool. */
async function poolPrices(client: PublicClient): Promise<Record<string, number>> {
  const usdc = swapTokens.find((t) => t.symbol === 'USDC')
  const prices: Record<string, number> = { USDC: 1 }
  if (!usdc) return prices
  await Promise.all(
    swapTokens
      .filter((t) => t !== usdc)
      .map(async (token) => {
        const [own, dollars] = await reserves(client, token.routerAddress, usdc.routerAddress).catch(() => [0n, 0n])
        prices[token.symbol] =
          own === 0n ? 0 : Number(dollars) / 10 ** usdc.decimals / (Number(own) / 10 ** token.decimals)
      }),
  )
  return prices
}

/**
 * `GET /v1/convert/tokens?chainId=`: the devnet's swappable tokens (native ETH first).
 *
 * @example
 * ```ts
 * const { tokens } = await convertTokens(rpcUrl, 'eip155:31337', (s) => `${api}/public/getTokenImage/${s}`)
 * ```
 */
export async function convertTokens(
  rpcUrl: string,
  chainId: string | null,
  logo: (symbol: string) => string,
): Promise<{ tokens: ConvertToken[] }> {
  requireDevnetChain(chainId)
  const prices = await poolPrices(clientFor(rpcUrl))
  return {
    tokens: swapTokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      address: caip10(t.apiAddress),
      decimals: t.decimals,
      logoUri: logo(t.symbol),
      eip2612: t.eip2612,
      price: Math.round((prices[t.symbol] ?? 0) * 1e6) / 1e6,
    })),
  }
}

/** A quote as `GET /v1/convert/quotes` returns it (amounts in base units, decimal strings). */
export interface ConvertQuote {
  id: null
  fromAddress: string
  fromAmount: string
  toAddress: string
  toAmount: string
  /** Percent the trade moves the pool price by, excluding the 0.3% pool fee, e.g. `"0.99"`. */
  priceImpact: string
  /** The router path (CAIP-10), WETH standing in for ETH. */
  path: string[]
}

async function quote(
  rpcUrl: string,
  from: DevnetSwapToken,
  to: DevnetSwapToken,
  amount: bigint,
): Promise<{ amountOut: bigint; path: Address[]; priceImpact: string }> {
  if (from === to) throw new HttpError(400, 'from and to are the same token')
  const client = clientFor(rpcUrl)
  const path = [from.routerAddress, to.routerAddress]
  const [reserveIn, reserveOut] = await reserves(client, from.routerAddress, to.routerAddress)
  const amounts = await client
    .readContract({
      address: devnetDex.router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
    .catch((error: Error) => {
      throw new HttpError(400, `No quote: ${error.message.split('\n')[0]}`)
    })
  const amountOut = amounts.at(-1) ?? 0n
  // Mid-price output after the fee; the shortfall of the real output against it is the impact.
  const ideal = (amount * 997n * reserveOut) / (1000n * reserveIn)
  const perMillion = ideal === 0n ? 1_000_000n : ((ideal - amountOut) * 1_000_000n) / ideal
  return { amountOut, path, priceImpact: (Number(perMillion) / 10_000).toFixed(2) }
}

/**
 * `GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice`.
 *
 * @example
 * ```ts
 * const { quotes: [q] } = await convertQuotes(rpcUrl, query)
 * ```
 */
export async function convertQuotes(rpcUrl: string, query: URLSearchParams): Promise<{ quotes: ConvertQuote[] }> {
  const from = findToken(query.get('from'), 'from')
  const to = findToken(query.get('to'), 'to')
  const amount = parseAmount(query.get('amount'))
  if (query.get('userAddress')) parseAddress(query.get('userAddress'), 'userAddress')
  const { amountOut, path, priceImpact } = await quote(rpcUrl, from, to, amount)
  return {
    quotes: [
      {
        id: null,
        fromAddress: caip10(from.apiAddress),
        fromAmount: String(amount),
        toAddress: caip10(to.apiAddress),
        toAmount: String(amountOut),
        priceImpact,
        path: path.map(caip10),
      },
    ],
  }
}

/**
 * `GET /v1/convert/allowance?tokenAddress&userAddress`: the ERC20 allowance the user gave the
 * router (native ETH needs none: the maximum).
 *
 * @example
 * ```ts
 * const { allowance } = await convertAllowance(rpcUrl, query)
 * ```
 */
export async function convertAllowance(rpcUrl: string, query: URLSearchParams): Promise<{ allowance: string }> {
  const token = findToken(query.get('tokenAddress'), 'tokenAddress')
  const user = parseAddress(query.get('userAddress'), 'userAddress')
  if (token.native) return { allowance: String(maxUint256) }
  const allowance = await clientFor(rpcUrl).readContract({
    address: token.routerAddress,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [user, devnetDex.router],
  })
  return { allowance: String(allowance) }
}

/** A transaction as the build routes return it. */
export interface ConvertTransaction {
  /** CAIP-10 sender. */
  from: string
  /** CAIP-10 contract to call. */
  to: string
  data: Hex
  /** Wei to send along (decimal string). */
  value: string
  /** Same as `value` (the swap response's name for it). */
  amount?: string
  eip155: { gas: string; gasPrice: string }
}

/**
 * `GET /v1/convert/build-approve?userAddress&from&to[&amount]`: `approve(router, amount)` on
 * the source token (unlimited when no amount is given).
 *
 * @example
 * ```ts
 * const { tx } = await convertBuildApprove(rpcUrl, query)
 * await wallet.sendTransaction({ to: tx.to.split(':')[2], data: tx.data })
 * ```
 */
export async function convertBuildApprove(rpcUrl: string, query: URLSearchParams): Promise<{ tx: ConvertTransaction }> {
  const user = parseAddress(query.get('userAddress'), 'userAddress')
  const from = findToken(query.get('from'), 'from')
  findToken(query.get('to'), 'to')
  if (from.native) throw new HttpError(400, 'The native token needs no approval')
  const amount = query.get('amount') ? parseAmount(query.get('amount')) : maxUint256
  const { standard } = await gasPrice(rpcUrl)
  return {
    tx: {
      from: caip10(user),
      to: caip10(from.routerAddress),
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [devnetDex.router, amount] }),
      value: '0',
      eip155: { gas: String(APPROVE_GAS), gasPrice: standard },
    },
  }
}

/**
 * `POST /v1/convert/build-transaction` with `{ amount, eip155: { slippage }, from, to,
 * userAddress, disableEstimate, deadline? }`: Router02 calldata whose minimum output is the
 * quote less `slippage` percent, valid until `deadline` (unix seconds; 20 minutes by default).
 * Unless `disableEstimate`, the node estimates the gas, so a swap that would revert (no
 * allowance, not enough balance) is refused with 400.
 *
 * @example
 * ```ts
 * const { tx } = await convertBuildTransaction(rpcUrl, { amount: '1000000', eip155: { slippage: '1' }, from, to, userAddress })
 * ```
 */
export async function convertBuildTransaction(
  rpcUrl: string,
  body: unknown,
): Promise<{ tx: ConvertTransaction & { amount: string } }> {
  if (!isRecord(body)) throw new HttpError(400, 'Expected a JSON object')
  const from = findToken(body.from, 'from')
  const to = findToken(body.to, 'to')
  const user = parseAddress(body.userAddress, 'userAddress')
  const amount = parseAmount(body.amount)
  const slippageRaw = isRecord(body.eip155) ? body.eip155.slippage : undefined
  const slippage = slippageRaw === undefined ? 1 : Number(slippageRaw)
  if (!Number.isFinite(slippage) || slippage < 0 || slippage >= 100)
    throw new HttpError(400, 'eip155.slippage must be a percentage from 0 to 100')
  const now = Math.floor(Date.now() / 1000)
  const deadline = body.deadline === undefined ? now + DEFAULT_DEADLINE_SECONDS : Number(body.deadline)
  if (!Number.isInteger(deadline) || deadline <= 0) throw new HttpError(400, 'deadline must be unix seconds')

  const { amountOut, path } = await quote(rpcUrl, from, to, amount)
  const minOut = (amountOut * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
  const data = from.native
    ? encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [minOut, path, user, BigInt(deadline)],
      })
    : encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: to.native ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [amount, minOut, path, user, BigInt(deadline)],
      })
  const value = from.native ? amount : 0n
  const { standard } = await gasPrice(rpcUrl)
  // With `disableEstimate`, a limit above what any direct Router02 swap costs.
  let gas: bigint = devnetDex.swapGasLimit
  if (body.disableEstimate !== true) {
    const estimate = await clientFor(rpcUrl)
      .estimateGas({ account: user, to: devnetDex.router, data, value })
      .catch((error: Error) => {
        throw new HttpError(400, `The swap would fail: ${error.message.split('\n')[0]}`)
      })
    // A quarter more than the estimate, as wallets and swap services give: the estimate is made
    // against the current block, and a swap mined in a later second also updates the pair's price
    // accumulators (two more storage writes), which ran an exact limit out of gas under load.
    gas = (estimate * 5n) / 4n
  }
  return {
    tx: {
      from: caip10(user),
      to: caip10(devnetDex.router),
      data,
      value: String(value),
      amount: String(value),
      eip155: { gas: String(gas), gasPrice: standard },
    },
  }
}
