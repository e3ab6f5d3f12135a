import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { retry, retryDelay } from '../../kernel/retry.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { nativeSwapTokenAddress } from './convert.js'
import { swapTokensQueryKey, swapTokensQueryOptions, swapTokensStaleTimeMs } from './swapTokens.js'

// The convert API's token list served by a real loopback server; each test sets its answer.

let api: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  api = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => api?.close())

const caipNetworkId = 'eip155:8453' as const
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const portico = () => offlinePortico('p-tokens', { apiUrls: { blockchain: api.url } })
const answer = (status: number, body: unknown) => {
  api.state.handler = (_, res) => json(res, status, body)
}
type Parameters_ = Parameters<typeof swapTokensQueryOptions>[1]
/** The token list read through the options, as TanStack would call their queryFn. */
const read = (parameters: Parameters_ = { caipNetworkId }) => {
  const options = swapTokensQueryOptions(portico(), parameters)
  return options.queryFn({ queryKey: options.queryKey })
}
const failure = (parameters?: Parameters_) =>
  read(parameters).then(
    () => expect.unreachable('the read should have failed'),
    (error: unknown) => error as Record<string, unknown>,
  )

test("default: the key is ['portico', 'swapTokens', { caipNetworkId }] and serializable", () => {
  expect(swapTokensQueryKey({ caipNetworkId })).toEqual(['portico', 'swapTokens', { caipNetworkId }])
  expect(JSON.parse(JSON.stringify(swapTokensQueryKey({ caipNetworkId })))).toEqual(
    swapTokensQueryKey({ caipNetworkId }),
  )
  expect(swapTokensQueryKey()).toEqual(['portico', 'swapTokens', { caipNetworkId: undefined }])
})

test('default: a token list is cached 5 minutes and retried by the kernel rules', () => {
  const options = swapTokensQueryOptions(portico(), { caipNetworkId })
  expect(swapTokensStaleTimeMs).toBe(300_000)
  expect(options).toMatchObject({ staleTime: 300_000, enabled: true, queryKey: swapTokensQueryKey({ caipNetworkId }) })
  expect(options.retry).toBe(retry)
  expect(options.retryDelay).toBe(retryDelay)
})

test('behavior: enabled on swap networks only (idle elsewhere, not failing), unless the caller turns it off', () => {
  const enabled = (parameters: Parameters_) => swapTokensQueryOptions(portico(), parameters).enabled
  for (const id of ['eip155:1', 'eip155:8453', 'eip155:31337'] as const)
    expect(enabled({ caipNetworkId: id })).toBe(true)
  expect(enabled({ caipNetworkId: undefined })).toBe(false)
  expect(enabled({})).toBe(false)
  expect(enabled({ caipNetworkId: 'eip155:5' })).toBe(false)
  expect(enabled({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe(false)
  expect(enabled({ caipNetworkId, query: { enabled: false } })).toBe(false)
  expect(enabled({ caipNetworkId: 'eip155:5', query: { enabled: true } })).toBe(false)
})

test("edge: a caller's query options pass through (select, staleTime) but never replace the key or the fetch", async () => {
  answer(200, { tokens: [] })
  const select = (tokens: unknown[]) => tokens.length
  const options = swapTokensQueryOptions(portico(), {
    caipNetworkId,
    query: { staleTime: 0, select, queryKey: ['mine'], queryFn: async () => 'mine' },
  })
  expect(options).toMatchObject({ staleTime: 0, select })
  expect(options.queryKey).toEqual(swapTokensQueryKey({ caipNetworkId }))
  expect(await options.queryFn({ queryKey: options.queryKey })).toEqual([])
})

test('behavior: the fetch asks GET /v1/convert/tokens for the network and answers CAIP-10 tokens with their defaults filled', async () => {
  answer(200, {
    tokens: [
      {
        name: 'Ether',
        symbol: 'ETH',
        address: `${caipNetworkId}:${nativeSwapTokenAddress}`,
        decimals: 18,
        logoUri: 'https://tokens.example/eth.png',
        price: 3000.5,
        eip2612: false,
      },
      { name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6, logoUri: null, price: null, eip2612: true },
      { name: 'Bare', symbol: 'BARE', address: usdc.toLowerCase(), decimals: 0 },
    ],
  })
  const before = api.state.requests.length
  expect(await read()).toEqual([
    {
      name: 'Ether',
      symbol: 'ETH',
      address: `${caipNetworkId}:${nativeSwapTokenAddress}`,
      decimals: 18,
      logoUri: 'https://tokens.example/eth.png',
      price: 3000.5,
      eip2612: false,
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      address: `${caipNetworkId}:${usdc}`,
      decimals: 6,
      logoUri: undefined,
      price: undefined,
      eip2612: true,
    },
    {
      name: 'Bare',
      symbol: 'BARE',
      address: `${caipNetworkId}:${usdc.toLowerCase()}`,
      decimals: 0,
      logoUri: undefined,
      price: undefined,
      eip2612: false,
    },
  ])
  expect(api.state.requests.length).toBe(before + 1)
  const request = api.state.requests.at(-1)
  expect(request?.method).toBe('GET')
  const url = new URL(request?.url ?? '', api.url)
  expect(url.pathname).toBe('/v1/convert/tokens')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: caipNetworkId, projectId: 'p-tokens' })
  expect(url.searchParams.get('st')).toBeTruthy()
  expect(url.searchParams.get('sv')).toBeTruthy()
})

test('edge: an empty list is an empty list, and entries off the documented shape are dropped, the rest kept in order', async () => {
  answer(200, { tokens: [] })
  expect(await read()).toEqual([])
  answer(200, {
    tokens: [
      { name: 'No decimals', symbol: 'X', address: usdc },
      { name: 'Bad address', symbol: 'Y', address: 'javascript:alert(1)', decimals: 6 },
      { name: 'Short address', symbol: 'Z', address: '0x1234', decimals: 6 },
      { name: 'Fraction', symbol: 'F', address: usdc, decimals: 6.5 },
      { name: 'Too many decimals', symbol: 'T', address: usdc, decimals: 256 },
      { name: 'Flag not boolean', symbol: 'B', address: usdc, decimals: 6, eip2612: 'yes' },
      null,
      'USDC',
      { name: 'Kept', symbol: 'K', address: usdc, decimals: 255 },
    ],
  })
  expect((await read()).map((t) => t.name)).toEqual(['Kept'])
})

test("error: a body without a token list is SwapApiError 'Failed to fetch swap tokens' carrying the 200, not retried", async () => {
  for (const body of [{}, { tokens: null }, { tokens: { 0: {} } }, [], 'not json']) {
    answer(200, body)
    const error = await failure()
    expect(error, JSON.stringify(body)).toMatchObject({
      name: 'SwapApiError',
      shortMessage: 'Failed to fetch swap tokens',
      status: 200,
    })
    expect(retry(0, error)).toBe(false)
  }
})

test('error: a 500 is SwapApiError with the status, retried up to 3 times with backoff; a 404 is not retried', async () => {
  api.state.handler = (_, res: ServerResponse) => json(res, 500, { message: 'boom' })
  const error = await failure()
  expect(error).toMatchObject({
    name: 'SwapApiError',
    shortMessage: 'Failed to fetch swap tokens',
    status: 500,
    retryAfterMs: undefined,
    details: 'The service answered HTTP 500.',
  })
  expect((error.cause as Error).message).toBe('boom')
  const options = swapTokensQueryOptions(portico(), { caipNetworkId })
  expect(options.retry(0, error)).toBe(true)
  expect(options.retry(3, error)).toBe(false)
  expect([0, 1, 2].map((attempt) => options.retryDelay(attempt, error))).toEqual([150, 300, 600])
  answer(404, {})
  expect(options.retry(0, await failure())).toBe(false)
})

test("error: outside swap networks the fetch throws 'Network not supported for Swaps' before any request", async () => {
  answer(200, { tokens: [] })
  const before = api.state.requests.length
  const error = await failure({ caipNetworkId: 'eip155:11155111' })
  expect(error).toMatchObject({
    name: 'SwapNetworkNotSupportedError',
    shortMessage: 'Network not supported for Swaps',
    details: 'eip155:11155111 is not a swap network.',
  })
  expect(retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
})

test("security: with blockchainApi false the token list fails with 'Swaps need the blockchain API' and no request reaches the API", async () => {
  answer(200, { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6 }] })
  const off = offlinePortico('p-tokens', { apiUrls: { blockchain: api.url }, blockchainApi: false })
  const options = swapTokensQueryOptions(off, { caipNetworkId })
  const before = api.state.requests.length
  const error = await options.queryFn({ queryKey: options.queryKey }).then(
    () => expect.unreachable('the read should have failed'),
    (e: unknown) => e as Record<string, unknown>,
  )
  expect(error).toMatchObject({
    name: 'SwapBlockchainApiDisabledError',
    shortMessage: 'Swaps need the blockchain API',
  })
  // The swap view offers Try again only for an error with a status: this one has none, nor a retry.
  expect('status' in error).toBe(false)
  expect(options.retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
})
