import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { retry, retryDelay } from '../../kernel/retry.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { swapGasPriceQueryKey, swapGasPriceQueryOptions, swapGasPriceRefetchIntervalMs } from './swapGasPrice.js'

// The convert API's gas-price route served by a real loopback server; each test sets its answer.

let api: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  api = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => api?.close())

const caipNetworkId = 'eip155:1' as const
const portico = () => offlinePortico('p-gas', { apiUrls: { blockchain: api.url } })
const answer = (status: number, body: unknown) => {
  api.state.handler = (_, res) => json(res, status, body)
}
type Parameters_ = Parameters<typeof swapGasPriceQueryOptions>[1]
/** The gas price read through the options, as TanStack would call their queryFn. */
const read = (parameters: Parameters_ = { caipNetworkId }) => {
  const options = swapGasPriceQueryOptions(portico(), parameters)
  return options.queryFn({ queryKey: options.queryKey })
}
const failure = (parameters?: Parameters_) =>
  read(parameters).then(
    () => expect.unreachable('the read should have failed'),
    (error: unknown) => error as Record<string, unknown>,
  )

test("default: the key is ['portico', 'swapGasPrice', { caipNetworkId }] and serializable", () => {
  expect(swapGasPriceQueryKey({ caipNetworkId })).toEqual(['portico', 'swapGasPrice', { caipNetworkId }])
  expect(JSON.parse(JSON.stringify(swapGasPriceQueryKey({ caipNetworkId })))).toEqual(
    swapGasPriceQueryKey({ caipNetworkId }),
  )
  expect(swapGasPriceQueryKey()).toEqual(['portico', 'swapGasPrice', { caipNetworkId: undefined }])
})

test('default: a shown gas price is never stale, re-read every 15 s, and retried by the kernel rules', () => {
  const options = swapGasPriceQueryOptions(portico(), { caipNetworkId })
  expect(swapGasPriceRefetchIntervalMs).toBe(15_000)
  expect(options).toMatchObject({
    staleTime: 0,
    refetchInterval: 15_000,
    enabled: true,
    queryKey: swapGasPriceQueryKey({ caipNetworkId }),
  })
  expect(options.retry).toBe(retry)
  expect(options.retryDelay).toBe(retryDelay)
})

test('behavior: enabled once a network is known, swap network or not, unless the caller turns it off', () => {
  const enabled = (parameters: Parameters_) => swapGasPriceQueryOptions(portico(), parameters).enabled
  expect(enabled({ caipNetworkId: undefined })).toBe(false)
  expect(enabled({})).toBe(false)
  expect(enabled({ caipNetworkId: 'eip155:5' })).toBe(true)
  expect(enabled({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe(true)
  expect(enabled({ caipNetworkId, query: { enabled: false } })).toBe(false)
  expect(enabled({ caipNetworkId: undefined, query: { enabled: true } })).toBe(false)
})

test("edge: a caller's query options pass through (a slower refresh) but never replace the key or the fetch", async () => {
  answer(200, { standard: '1', fast: '2', instant: '3' })
  const options = swapGasPriceQueryOptions(portico(), {
    caipNetworkId,
    query: { refetchInterval: 60_000, staleTime: 1_000, queryKey: ['mine'], queryFn: async () => 'mine' },
  })
  expect(options).toMatchObject({ refetchInterval: 60_000, staleTime: 1_000 })
  expect(options.queryKey).toEqual(swapGasPriceQueryKey({ caipNetworkId }))
  expect(await options.queryFn({ queryKey: options.queryKey })).toEqual({ standard: 1n, fast: 2n, instant: 3n })
})

test('behavior: the fetch asks GET /v1/convert/gas-price for the network and answers the three speeds in wei, as bigints', async () => {
  answer(200, { standard: '12000000000', fast: '15000000000', instant: '20000000000' })
  const before = api.state.requests.length
  expect(await read()).toEqual({ standard: 12_000_000_000n, fast: 15_000_000_000n, instant: 20_000_000_000n })
  expect(api.state.requests.length).toBe(before + 1)
  const request = api.state.requests.at(-1)
  expect(request?.method).toBe('GET')
  const url = new URL(request?.url ?? '', api.url)
  expect(url.pathname).toBe('/v1/convert/gas-price')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: caipNetworkId, projectId: 'p-gas' })
  expect(url.searchParams.get('st')).toBeTruthy()
  expect(url.searchParams.get('sv')).toBeTruthy()
  // Any eip155 network is asked: the service decides which it serves.
  await read({ caipNetworkId: 'eip155:5' })
  expect(new URL(api.state.requests.at(-1)?.url ?? '', api.url).searchParams.get('chainId')).toBe('eip155:5')
})

test('edge: prices past 2^53 wei and zero are exact bigints', async () => {
  const huge = 2n ** 200n + 1n
  answer(200, { standard: '0', fast: String(2n ** 53n + 1n), instant: huge.toString() })
  expect(await read()).toEqual({ standard: 0n, fast: 2n ** 53n + 1n, instant: huge })
})

test("error: a malformed answer is BlockchainApiError 'Network not supported for Gas Price', and is not retried", async () => {
  for (const body of [
    { standard: '1', fast: '2' },
    { standard: 1, fast: 2, instant: 3 },
    { standard: '1.5 gwei', fast: '2', instant: '3' },
    { standard: '0x', fast: '2', instant: '3' },
    [],
    'not json',
  ]) {
    answer(200, body)
    const error = await failure()
    expect(error, JSON.stringify(body)).toMatchObject({
      name: 'BlockchainApiError',
      shortMessage: 'Network not supported for Gas Price',
    })
    expect(retry(0, error)).toBe(false)
  }
})

test('error: a 429 with Retry-After is retried up to 3 times after that wait; a 400 (network refused) is not retried', async () => {
  api.state.handler = (_, res: ServerResponse) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' })
    res.end('{}')
  }
  const limited = await failure()
  expect(limited).toMatchObject({ name: 'BlockchainApiError', shortMessage: 'Network not supported for Gas Price' })
  expect(limited.cause).toMatchObject({ name: 'HostedHttpError', status: 429, retryAfterMs: 3_000 })
  const options = swapGasPriceQueryOptions(portico(), { caipNetworkId })
  expect(options.retry(0, limited)).toBe(true)
  expect(options.retry(2, limited)).toBe(true)
  expect(options.retry(3, limited)).toBe(false)
  expect(options.retryDelay(0, limited)).toBe(3_000)

  answer(400, { message: 'Chain not supported' })
  const refused = await failure({ caipNetworkId: 'eip155:5' })
  expect(refused).toMatchObject({ shortMessage: 'Network not supported for Gas Price' })
  expect(refused.cause).toMatchObject({ status: 400 })
  expect(options.retry(0, refused)).toBe(false)
})

test("error: a network outside eip155 throws 'Network not supported for Gas Price' before any request, never retried", async () => {
  answer(200, { standard: '1', fast: '2', instant: '3' })
  const before = api.state.requests.length
  const error = await failure({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
  expect(error).toMatchObject({ name: 'BlockchainApiError', shortMessage: 'Network not supported for Gas Price' })
  expect(retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
})

test("security: with blockchainApi false the gas price fails with 'Swaps need the blockchain API', asks nothing and is not re-read", async () => {
  answer(200, { standard: '1', fast: '2', instant: '3' })
  const off = offlinePortico('p-gas', { apiUrls: { blockchain: api.url }, blockchainApi: false })
  const options = swapGasPriceQueryOptions(off, { caipNetworkId })
  expect(options.refetchInterval).toBe(false)
  const before = api.state.requests.length
  const error = await options.queryFn({ queryKey: options.queryKey }).then(
    () => expect.unreachable('the read should have failed'),
    (e: unknown) => e as Record<string, unknown>,
  )
  // The kernel read's own error type, with the swap feature's typed error as its cause.
  expect(error).toMatchObject({
    name: 'BlockchainApiError',
    shortMessage: 'Swaps need the blockchain API',
    cause: { name: 'SwapBlockchainApiDisabledError' },
  })
  expect(options.retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
  // The default is unchanged: the same options with the API on ask the route.
  expect(await read()).toEqual({ standard: 1n, fast: 2n, instant: 3n })
  expect(api.state.requests.length).toBe(before + 1)
})
