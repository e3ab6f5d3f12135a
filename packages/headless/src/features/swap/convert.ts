import * as z from 'zod/mini'
import { hostedFetch } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { Portico } from '../../kernel/portico.js'
import { retryAfterMs } from '../../kernel/retry.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { lazy } from '../../kernel/utils/lazy.js'
import {
  InvalidSwapAmountError,
  SwapApiError,
  SwapBlockchainApiDisabledError,
  SwapNetworkNotSupportedError,
} from './errors.js'
import type { SwapQuote } from './types.js'

export type { SwapQuote }

// Clients of the blockchain API's convert (swap) routes. Every response is schema-checked: a bad
// body is a SwapApiError, a bad entry in a list is dropped. Amounts are bigint base units. With
// the instance's `blockchainApi: false` each one throws SwapBlockchainApiDisabledError instead,
// before any request.

/** Swap slippage tolerance in percent (spec: 1). */
export const swapSlippage = 1

/** eip155 chain ids the convert API swaps on (spec). */
export const swapChainIds = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554] as const

/**
 * The local development chain (anvil/hardhat's 31337), where the devnet's emulator serves the
 * same routes over a real Uniswap V2. The hosted API never serves it, so accepting it costs
 * production nothing and lets the whole swap flow run locally.
 */
const localChainId = 31337

/** The convert API's address for a chain's native currency. */
export const nativeSwapTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/**
 * Whether `caipNetworkId` is a swap network (spec's list, plus the local development chain).
 *
 * @example
 * isSwapNetwork('eip155:8453') // true
 * isSwapNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // false
 */
export function isSwapNetwork(caipNetworkId: string): boolean {
  const [namespace, reference] = caipNetworkId.split(':')
  if (namespace !== 'eip155' || !reference || !/^\d+$/.test(reference)) return false
  const id = Number(reference)
  return id === localChainId || (swapChainIds as readonly number[]).includes(id)
}

/**
 * @internal
 * Every convert route is the blockchain API's: with `blockchainApi: false` the host turned it off
 * (privacy, or no plan for it), so a swap call fails here, before its request is built, and the
 * user's address and amounts never leave the page.
 *
 * @example
 * requireSwapBlockchainApi(portico) // throws SwapBlockchainApiDisabledError when the API is off
 */
export function requireSwapBlockchainApi(portico: Portico): void {
  if (!portico.options.blockchainApi) throw new SwapBlockchainApiDisabledError()
}

/** The API off is the answer on every network, so it is checked before the network. */
function requireSwaps(portico: Portico, caipNetworkId: string): void {
  requireSwapBlockchainApi(portico)
  if (!isSwapNetwork(caipNetworkId)) throw new SwapNetworkNotSupportedError({ caipNetworkId })
}

/** `0x…` or CAIP-10 on `caipNetworkId` → CAIP-10, the form the convert API speaks. */
function toCaip10(caipNetworkId: string, address: string): string {
  return address.includes(':') ? address : `${caipNetworkId}:${address}`
}

const bareAddress = (caip10: string) => caip10.split(':').at(-1) as `0x${string}`

// The response schemas are built on their first use (`lazy`), not at import: a page that imports
// the swap hooks but never swaps keeps no zod objects for them.
const hexAddress = () => z.string().check(z.regex(/^(eip155:\d+:)?0x[0-9a-fA-F]{40}$/))
const hexData = () => z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const uint = () => z.string().check(z.regex(/^\d+$/))

async function call<schema extends z.ZodMiniType>(
  portico: Portico,
  url: URL,
  schema: schema,
  message: string,
  init?: RequestInit,
): Promise<z.infer<schema>> {
  let response: Response
  try {
    response = await hostedFetch(portico, url, init)
  } catch (error) {
    throw new SwapApiError(message, { cause: error })
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined)
    const serverMessage = (body as { message?: unknown } | undefined)?.message
    throw new SwapApiError(message, {
      status: response.status,
      retryAfterMs: retryAfterMs(response),
      cause: typeof serverMessage === 'string' ? new Error(serverMessage) : undefined,
    })
  }
  try {
    return schema.parse(await response.json())
  } catch (error) {
    throw new SwapApiError(message, { cause: error, status: response.status })
  }
}

function requireAmount(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new InvalidSwapAmountError()
}

/** A token the convert API swaps. */
export type SwapToken = {
  name: string
  symbol: string
  /** CAIP-10 address (`eip155:1:0xeeee…` for the native currency). */
  address: string
  decimals: number
  logoUri: string | undefined
  /** USD price, when the API gives one. */
  price: number | undefined
  /** Whether the token takes EIP-2612 `permit` signatures instead of an approve transaction. */
  eip2612: boolean
}

const tokenSchema = lazy(() =>
  z.object({
    name: z.string(),
    symbol: z.string(),
    address: hexAddress(),
    decimals: z.number().check(z.int(), z.minimum(0), z.maximum(255)),
    logoUri: z.optional(z.nullable(z.string())),
    price: z.optional(z.nullable(z.number())),
    eip2612: z.optional(z.nullable(z.boolean())),
  }),
)
const tokensSchema = lazy(() => z.object({ tokens: z.array(z.unknown()) }))

export type FetchSwapTokensParameters = { caipNetworkId: CaipNetworkId }
export type FetchSwapTokensReturnType = SwapToken[]
export type FetchSwapTokensErrorType = SwapBlockchainApiDisabledError | SwapNetworkNotSupportedError | SwapApiError

/**
 * The tokens the convert API swaps on a network (`GET /v1/convert/tokens?chainId=`). Entries
 * that do not match the documented shape are dropped.
 *
 * @example
 * const tokens = await fetchSwapTokens(portico, { caipNetworkId: 'eip155:8453' })
 */
export async function fetchSwapTokens(
  portico: Portico,
  { caipNetworkId }: FetchSwapTokensParameters,
): Promise<FetchSwapTokensReturnType> {
  requireSwaps(portico, caipNetworkId)
  const url = blockchainApiUrl(portico, '/v1/convert/tokens')
  url.searchParams.set('chainId', caipNetworkId)
  const { tokens } = await call(portico, url, tokensSchema(), 'Failed to fetch swap tokens')
  const token = tokenSchema()
  return tokens.flatMap((entry) => {
    const parsed = token.safeParse(entry)
    if (!parsed.success) return []
    const t = parsed.data
    return [
      {
        name: t.name,
        symbol: t.symbol,
        address: toCaip10(caipNetworkId, t.address),
        decimals: t.decimals,
        logoUri: t.logoUri ?? undefined,
        price: t.price ?? undefined,
        eip2612: t.eip2612 ?? false,
      },
    ]
  })
}

const quotesSchema = lazy(() =>
  z.object({
    quotes: z.array(
      z.object({
        fromAmount: uint(),
        toAmount: uint(),
        fromAddress: z.optional(z.string()),
        toAddress: z.optional(z.string()),
        priceImpact: z.optional(z.nullable(z.union([z.string(), z.number()]))),
      }),
    ),
  }),
)

export type FetchSwapQuoteParameters = {
  caipNetworkId: CaipNetworkId
  /** Source token, `0x…` or CAIP-10 (native: {@link nativeSwapTokenAddress}). */
  from: string
  to: string
  /** Source amount in base units. */
  amount: bigint
  userAddress: string
  /** Gas price in wei the quote should assume (the API's `gasPrice`). */
  gasPrice?: bigint | undefined
  signal?: AbortSignal | undefined
}
export type FetchSwapQuoteReturnType = SwapQuote
export type FetchSwapQuoteErrorType =
  | SwapBlockchainApiDisabledError
  | SwapNetworkNotSupportedError
  | SwapApiError
  | InvalidSwapAmountError

/** `amount` less `slippage` percent, in base units (rounded down: never promise more). */
export function applySlippage(amount: bigint, slippage: number = swapSlippage): bigint {
  return (amount * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
}

/**
 * A quote for swapping `amount` of `from` into `to` (`GET /v1/convert/quotes`), with the minimum
 * received at the spec's 1% slippage.
 *
 * @example
 * const quote = await fetchSwapQuote(portico, { caipNetworkId: 'eip155:1', from: usdc, to: weth, amount: 100_000_000n, userAddress })
 */
export async function fetchSwapQuote(
  portico: Portico,
  parameters: FetchSwapQuoteParameters,
): Promise<FetchSwapQuoteReturnType> {
  const { caipNetworkId, amount } = parameters
  requireSwaps(portico, caipNetworkId)
  requireAmount(amount)
  const from = toCaip10(caipNetworkId, parameters.from)
  const to = toCaip10(caipNetworkId, parameters.to)
  const url = blockchainApiUrl(portico, '/v1/convert/quotes')
  url.searchParams.set('amount', String(amount))
  url.searchParams.set('userAddress', parameters.userAddress)
  url.searchParams.set('from', from)
  url.searchParams.set('to', to)
  if (parameters.gasPrice !== undefined) url.searchParams.set('gasPrice', String(parameters.gasPrice))
  const { quotes } = await call(portico, url, quotesSchema(), 'Failed to fetch swap quote', {
    signal: parameters.signal,
  })
  const [quote] = quotes
  if (!quote) throw new SwapApiError('No swap quote available')
  const toAmount = BigInt(quote.toAmount)
  const impact = quote.priceImpact == null ? undefined : Number(quote.priceImpact)
  return {
    from,
    to,
    fromAmount: BigInt(quote.fromAmount),
    toAmount,
    minimumReceived: applySlippage(toAmount),
    priceImpact: impact !== undefined && Number.isFinite(impact) ? impact : undefined,
    slippage: swapSlippage,
  }
}

export type FetchSwapAllowanceParameters = { caipNetworkId: CaipNetworkId; tokenAddress: string; userAddress: string }
export type FetchSwapAllowanceReturnType = bigint
export type FetchSwapAllowanceErrorType = SwapBlockchainApiDisabledError | SwapNetworkNotSupportedError | SwapApiError

/**
 * What the swap contract may spend of the user's token (`GET /v1/convert/allowance`), base units.
 *
 * @example
 * const allowance = await fetchSwapAllowance(portico, { caipNetworkId, tokenAddress: usdc, userAddress })
 * if (allowance < amount) … // approve first (the spec's rule: the allowance covers the amount)
 */
export async function fetchSwapAllowance(
  portico: Portico,
  { caipNetworkId, tokenAddress, userAddress }: FetchSwapAllowanceParameters,
): Promise<FetchSwapAllowanceReturnType> {
  requireSwaps(portico, caipNetworkId)
  const url = blockchainApiUrl(portico, '/v1/convert/allowance')
  url.searchParams.set('tokenAddress', toCaip10(caipNetworkId, tokenAddress))
  url.searchParams.set('userAddress', userAddress)
  const { allowance } = await call(portico, url, z.object({ allowance: uint() }), 'Failed to fetch allowance')
  return BigInt(allowance)
}

/**
 * @internal
 * Spec: the allowance is sufficient when it is at least the source amount in token units (the
 * swap's own check; a host compares `allowance < amount`).
 *
 * @example
 * isAllowanceSufficient(100n, 100n) // true
 */
export function isAllowanceSufficient(allowance: bigint, amount: bigint): boolean {
  return allowance >= amount
}

/** A transaction the wallet should send, decoded from a build route. */
export type SwapTransaction = {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  /** Gas limit the API estimated (absent when it did not). */
  gas: bigint | undefined
  gasPrice: bigint | undefined
}

const txSchema = lazy(() =>
  z.object({
    tx: z.object({
      from: z.optional(z.string()),
      to: hexAddress(),
      data: hexData(),
      value: z.optional(uint()),
      amount: z.optional(uint()),
      eip155: z.optional(z.object({ gas: z.optional(uint()), gasPrice: z.optional(uint()) })),
    }),
  }),
)

function toTransaction({ tx }: z.infer<ReturnType<typeof txSchema>>): SwapTransaction {
  return {
    to: bareAddress(tx.to),
    data: tx.data as `0x${string}`,
    value: BigInt(tx.value ?? tx.amount ?? '0'),
    gas: tx.eip155?.gas === undefined ? undefined : BigInt(tx.eip155.gas),
    gasPrice: tx.eip155?.gasPrice === undefined ? undefined : BigInt(tx.eip155.gasPrice),
  }
}

export type BuildSwapApproveParameters = {
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  userAddress: string
  /** Approve exactly this much (base units); unlimited when absent. */
  amount?: bigint | undefined
}
export type BuildSwapApproveErrorType = SwapBlockchainApiDisabledError | SwapNetworkNotSupportedError | SwapApiError

/**
 * The approve transaction that lets the swap contract spend `from` (`GET /v1/convert/build-approve`).
 *
 * @example
 * const tx = await buildSwapApprove(portico, { caipNetworkId, from: usdc, to: ptk, userAddress, amount })
 * await sendTransaction(portico, tx)
 */
export async function buildSwapApprove(
  portico: Portico,
  parameters: BuildSwapApproveParameters,
): Promise<SwapTransaction> {
  const { caipNetworkId } = parameters
  requireSwaps(portico, caipNetworkId)
  const url = blockchainApiUrl(portico, '/v1/convert/build-approve')
  url.searchParams.set('userAddress', parameters.userAddress)
  url.searchParams.set('from', toCaip10(caipNetworkId, parameters.from))
  url.searchParams.set('to', toCaip10(caipNetworkId, parameters.to))
  if (parameters.amount !== undefined) url.searchParams.set('amount', String(parameters.amount))
  return toTransaction(await call(portico, url, txSchema(), 'Failed to build the approve transaction'))
}

export type BuildSwapTransactionParameters = {
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  amount: bigint
  userAddress: string
  /** Percent; the spec's 1 by default. */
  slippage?: number | undefined
  /** Unix seconds after which the swap reverts (the API's default when absent). */
  deadline?: number | undefined
  /** Skip the API's gas estimate (e.g. when an approval is still pending). */
  disableEstimate?: boolean | undefined
}
export type BuildSwapTransactionErrorType =
  | SwapBlockchainApiDisabledError
  | SwapNetworkNotSupportedError
  | SwapApiError
  | InvalidSwapAmountError

/**
 * The swap transaction (`POST /v1/convert/build-transaction`, body amount, eip155 slippage,
 * projectId, from, to, userAddress, disableEstimate).
 *
 * @example
 * const tx = await buildSwapTransaction(portico, { caipNetworkId, from: native, to: usdc, amount, userAddress })
 */
export async function buildSwapTransaction(
  portico: Portico,
  parameters: BuildSwapTransactionParameters,
): Promise<SwapTransaction> {
  const { caipNetworkId, amount } = parameters
  requireSwaps(portico, caipNetworkId)
  requireAmount(amount)
  const body = {
    projectId: portico.options.projectId,
    amount: String(amount),
    eip155: { slippage: String(parameters.slippage ?? swapSlippage) },
    from: toCaip10(caipNetworkId, parameters.from),
    to: toCaip10(caipNetworkId, parameters.to),
    userAddress: parameters.userAddress,
    disableEstimate: parameters.disableEstimate ?? false,
    ...(parameters.deadline === undefined ? {} : { deadline: parameters.deadline }),
  }
  const url = blockchainApiUrl(portico, '/v1/convert/build-transaction')
  return toTransaction(
    await call(portico, url, txSchema(), 'Failed to build the swap transaction', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
}
