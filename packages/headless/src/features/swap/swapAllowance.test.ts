import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { retry, retryDelay } from '../../kernel/retry.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { nativeSwapTokenAddress } from './convert.js'
import { swapAllowanceQueryKey, swapAllowanceQueryOptions } from './swapAllowance.js'

// The convert API's allowance route served by a real loopback server; each test sets its answer.

let api: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  api = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => api?.close())

const caipNetworkId = 'eip155:8453' as const
const usdc = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const params = { caipNetworkId, tokenAddress: usdc, userAddress: user }
const portico = () => offlinePortico('p-allowance', { apiUrls: { blockchain: api.url } })
const answer = (status: number, body: unknown) => {
  api.state.handler = (_, res) => json(res, status, body)
}
/** The allowance read through the options, as TanStack would call their queryFn. */
const read = (parameters: Parameters<typeof swapAllowanceQueryOptions>[1] = params) => {
  const options = swapAllowanceQueryOptions(portico(), parameters)
  return options.queryFn({ queryKey: options.queryKey })
}
const failure = (parameters?: Parameters<typeof swapAllowanceQueryOptions>[1]) =>
  read(parameters).then(
    () => expect.unreachable('the read should have failed'),
    (error: unknown) => error as Record<string, unknown>,
  )

test("default: the key is ['portico', 'swapAllowance', { caipNetworkId, tokenAddress, userAddress }], serializable, empty when nothing is known", () => {
  const key = swapAllowanceQueryKey(params)
  expect(key).toEqual(['portico', 'swapAllowance', params])
  expect(JSON.parse(JSON.stringify(key))).toEqual(key)
  expect(swapAllowanceQueryKey()).toEqual([
    'portico',
    'swapAllowance',
    { caipNetworkId: undefined, tokenAddress: undefined, userAddress: undefined },
  ])
})

test('default: options are never stale (re-read after each approval) and retry by the kernel rules', () => {
  const options = swapAllowanceQueryOptions(portico(), params)
  expect(options).toMatchObject({ staleTime: 0, enabled: true, queryKey: swapAllowanceQueryKey(params) })
  expect(options.retry).toBe(retry)
  expect(options.retryDelay).toBe(retryDelay)
})

test('behavior: enabled only with a swap network, a token and a user, and never for the native currency', () => {
  const enabled = (parameters: Parameters<typeof swapAllowanceQueryOptions>[1]) =>
    swapAllowanceQueryOptions(portico(), parameters).enabled
  expect(enabled(params)).toBe(true)
  expect(enabled({ ...params, caipNetworkId: 'eip155:31337' })).toBe(true)
  expect(enabled({ ...params, caipNetworkId: undefined })).toBe(false)
  expect(enabled({ ...params, caipNetworkId: 'eip155:5' })).toBe(false)
  expect(enabled({ ...params, caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe(false)
  expect(enabled({ ...params, tokenAddress: undefined })).toBe(false)
  expect(enabled({ ...params, tokenAddress: '' })).toBe(false)
  expect(enabled({ ...params, userAddress: undefined })).toBe(false)
  // The native currency needs no allowance: bare, CAIP-10, in any letter case.
  expect(enabled({ ...params, tokenAddress: nativeSwapTokenAddress })).toBe(false)
  expect(enabled({ ...params, tokenAddress: `${caipNetworkId}:${nativeSwapTokenAddress.toUpperCase()}` })).toBe(false)
  expect(enabled({ ...params, query: { enabled: false } })).toBe(false)
  expect(enabled({ ...params, query: { enabled: true } })).toBe(true)
})

test("edge: a caller's query options pass through but never replace the key, enabled or the fetch", async () => {
  answer(200, { allowance: '7' })
  const query = { staleTime: 5_000, gcTime: 1, enabled: true, queryKey: ['mine'], queryFn: async () => 1n }
  const options = swapAllowanceQueryOptions(portico(), { ...params, query })
  expect(options).toMatchObject({ staleTime: 5_000, gcTime: 1, enabled: true })
  expect(options.queryKey).toEqual(swapAllowanceQueryKey(params))
  expect(await options.queryFn({ queryKey: options.queryKey })).toBe(7n)
  // The caller's `enabled: true` does not turn on a query that cannot run.
  expect(swapAllowanceQueryOptions(portico(), { ...params, caipNetworkId: 'eip155:5', query }).enabled).toBe(false)
})

test('behavior: the fetch asks GET /v1/convert/allowance for the CAIP-10 token and the user, and answers a bigint', async () => {
  answer(200, { allowance: '1500000' })
  const before = api.state.requests.length
  expect(await read()).toBe(1_500_000n)
  expect(api.state.requests.length).toBe(before + 1)
  const request = api.state.requests.at(-1)
  expect(request?.method).toBe('GET')
  const url = new URL(request?.url ?? '', api.url)
  expect(url.pathname).toBe('/v1/convert/allowance')
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    tokenAddress: `${caipNetworkId}:${usdc}`,
    userAddress: user,
    projectId: 'p-allowance',
  })
  expect(url.searchParams.get('st')).toBeTruthy()
  expect(url.searchParams.get('sv')).toBeTruthy()
  // A token already in CAIP-10 form is passed as it is, not prefixed twice.
  await read({ ...params, tokenAddress: `${caipNetworkId}:${usdc}` })
  expect(new URL(api.state.requests.at(-1)?.url ?? '', api.url).searchParams.get('tokenAddress')).toBe(
    `${caipNetworkId}:${usdc}`,
  )
})

test('edge: an unlimited allowance (2^256 - 1) and zero are exact bigints', async () => {
  const max = 2n ** 256n - 1n
  answer(200, { allowance: max.toString() })
  expect(await read()).toBe(max)
  answer(200, { allowance: '0' })
  expect(await read()).toBe(0n)
})

test("error: a malformed answer is SwapApiError 'Failed to fetch allowance' carrying the 200, and is not retried", async () => {
  for (const body of [{ allowance: 5 }, { allowance: '-1' }, { allowance: '1.5' }, { allowance: '' }, {}, 'not json']) {
    answer(200, body)
    const error = await failure()
    expect(error, JSON.stringify(body)).toMatchObject({
      name: 'SwapApiError',
      shortMessage: 'Failed to fetch allowance',
      status: 200,
    })
    expect(retry(0, error)).toBe(false)
  }
})

test('error: a 503 with Retry-After is SwapApiError with the status and the wait, retried up to 3 times after that wait', async () => {
  api.state.handler = (_, res: ServerResponse) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' })
    res.end(JSON.stringify({ message: 'upstream down' }))
  }
  const error = await failure()
  expect(error).toMatchObject({
    name: 'SwapApiError',
    shortMessage: 'Failed to fetch allowance',
    status: 503,
    retryAfterMs: 2_000,
    details: 'The service answered HTTP 503.',
  })
  expect((error.cause as Error).message).toBe('upstream down')
  const options = swapAllowanceQueryOptions(portico(), params)
  expect(options.retry(0, error)).toBe(true)
  expect(options.retry(2, error)).toBe(true)
  expect(options.retry(3, error)).toBe(false)
  expect(options.retryDelay(0, error)).toBe(2_000)
  // A 400 is the service refusing the question: asking again would not help.
  answer(400, { message: 'bad token' })
  expect(retry(0, await failure())).toBe(false)
})

test("error: outside swap networks the fetch throws 'Network not supported for Swaps' before any request", async () => {
  answer(200, { allowance: '1' })
  const before = api.state.requests.length
  const error = await failure({ ...params, caipNetworkId: 'eip155:5' })
  expect(error).toMatchObject({
    name: 'SwapNetworkNotSupportedError',
    shortMessage: 'Network not supported for Swaps',
    details: 'eip155:5 is not a swap network.',
  })
  expect(retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
})

test("security: with blockchainApi false the allowance fails with 'Swaps need the blockchain API' and no request reaches the API", async () => {
  answer(200, { allowance: '1000' })
  const off = offlinePortico('p-allowance', { apiUrls: { blockchain: api.url }, blockchainApi: false })
  const options = swapAllowanceQueryOptions(off, params)
  const before = api.state.requests.length
  const error = await options.queryFn({ queryKey: options.queryKey }).then(
    () => expect.unreachable('the read should have failed'),
    (e: unknown) => e as Record<string, unknown>,
  )
  expect(error).toMatchObject({ name: 'SwapBlockchainApiDisabledError', shortMessage: 'Swaps need the blockchain API' })
  expect(options.retry(0, error)).toBe(false)
  expect(api.state.requests.length).toBe(before)
})
