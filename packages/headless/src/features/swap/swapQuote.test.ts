import { type DevnetWithout, evmTokens, startDevnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { retry, retryDelay } from '../../kernel/retry.js'
import { json, offlinePortico, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { nativeSwapTokenAddress } from './convert.js'
import { swapAllowanceQueryOptions } from './swapAllowance.js'
import { swapQuoteQueryKey, swapQuoteQueryOptions } from './swapQuote.js'
import { swapTokensQueryOptions } from './swapTokens.js'

let devnet: DevnetWithout<'walletConnect'>
beforeAll(async () => {
  devnet = await startDevnet({ walletConnect: false })
})
afterAll(() => devnet?.stop())

const portico = () =>
  createPortico({
    projectId: 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { blockchain: devnet.api.url, api: devnet.api.url },
  })
const chain = 'eip155:31337' as const
const [usdc] = evmTokens

const quoteParams = () => ({
  caipNetworkId: chain,
  from: nativeSwapTokenAddress,
  to: usdc.address,
  amount: parseEther('1'),
  userAddress: devnet.evm.accounts[0].address,
})

test('keys are rooted at portico and serializable (amount as a string)', () => {
  const key = swapQuoteQueryKey(quoteParams())
  expect(key[0]).toBe('portico')
  expect(key[1]).toBe('swapQuote')
  expect(JSON.parse(JSON.stringify(key))).toEqual(key)
  expect(key[2].amount).toBe(String(parseEther('1')))
})

test('enabled only when everything is known, on a swap network, with a positive amount', () => {
  const p = portico()
  expect(swapQuoteQueryOptions(p, quoteParams()).enabled).toBe(true)
  expect(swapQuoteQueryOptions(p, { ...quoteParams(), amount: 0n }).enabled).toBe(false)
  expect(swapQuoteQueryOptions(p, { ...quoteParams(), amount: undefined }).enabled).toBe(false)
  expect(swapQuoteQueryOptions(p, { ...quoteParams(), caipNetworkId: 'eip155:5' }).enabled).toBe(false)
  expect(swapQuoteQueryOptions(p, { ...quoteParams(), query: { enabled: false } }).enabled).toBe(false)
  expect(swapTokensQueryOptions(p, { caipNetworkId: 'solana:abc' }).enabled).toBe(false)
  expect(
    swapAllowanceQueryOptions(p, {
      caipNetworkId: chain,
      tokenAddress: `${chain}:${nativeSwapTokenAddress}`,
      userAddress: devnet.evm.accounts[0].address,
    }).enabled,
  ).toBe(false)
  expect(swapQuoteQueryOptions(p, quoteParams()).refetchInterval).toBe(10_000)
})

test('queryFn reads the devnet; an aborted signal cancels a slow request', async () => {
  const p = portico()
  const options = swapQuoteQueryOptions(p, quoteParams())
  const quote = await options.queryFn({ queryKey: options.queryKey })
  expect(quote.toAmount).toBeGreaterThan(0n)
  const tokens = swapTokensQueryOptions(p, { caipNetworkId: chain })
  expect((await tokens.queryFn({ queryKey: tokens.queryKey })).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
  const allowance = swapAllowanceQueryOptions(p, {
    caipNetworkId: chain,
    tokenAddress: usdc.address,
    userAddress: devnet.evm.accounts[0].address,
  })
  expect(await allowance.queryFn({ queryKey: allowance.queryKey })).toBe(0n)

  devnet.api.switches.latencyMs = 2_000
  try {
    const controller = new AbortController()
    const started = performance.now()
    const pending = options.queryFn({ queryKey: options.queryKey, signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ name: 'SwapApiError' })
    expect(performance.now() - started).toBeLessThan(1_500)
  } finally {
    devnet.api.switches.latencyMs = 0
  }
})

test('retry rules: 429 and 5xx (and no answer) up to 3 times with backoff from 150 ms; never a 400 or a bad network', async () => {
  const p = portico()
  const options = swapQuoteQueryOptions(p, quoteParams())
  const failWith = async (status: 429 | 500) => {
    devnet.api.switches.convert = status
    try {
      return await options.queryFn({ queryKey: options.queryKey }).catch((e: unknown) => e)
    } finally {
      devnet.api.switches.convert = 'ok'
    }
  }
  for (const status of [429, 500] as const) {
    const error = await failWith(status)
    expect(options.retry(0, error)).toBe(true)
    expect(options.retry(2, error)).toBe(true)
    expect(options.retry(3, error)).toBe(false)
  }
  const badRequest = await swapQuoteQueryOptions(p, { ...quoteParams(), to: nativeSwapTokenAddress })
    .queryFn({ queryKey: swapQuoteQueryKey({ ...quoteParams(), to: nativeSwapTokenAddress }) })
    .catch((e: unknown) => e)
  expect(badRequest).toMatchObject({ name: 'SwapApiError', status: 400 })
  expect(retry(0, badRequest)).toBe(false)
  const unsupported = await swapQuoteQueryOptions(p, { ...quoteParams(), caipNetworkId: 'eip155:5' })
    .queryFn({ queryKey: swapQuoteQueryKey({ ...quoteParams(), caipNetworkId: 'eip155:5' }) })
    .catch((e: unknown) => e)
  expect(unsupported).toMatchObject({ shortMessage: 'Network not supported for Swaps' })
  expect(retry(0, unsupported)).toBe(false)
  expect([0, 1, 2].map((attempt) => retryDelay(attempt))).toEqual([150, 300, 600])
  // After the failures the same options answer again: nothing is stuck.
  expect((await options.queryFn({ queryKey: options.queryKey })).toAmount).toBeGreaterThan(0n)
})

test("security: with blockchainApi false a quote fails with 'Swaps need the blockchain API', no request reaches the API, and it is not refreshed", async () => {
  // A real loopback API that would quote: only the option decides that it is never asked.
  const api = await startHttpServer((_, res) => json(res, 200, { quotes: [{ fromAmount: '1', toAmount: '2' }] }))
  try {
    const on = swapQuoteQueryOptions(offlinePortico('p-quote', { apiUrls: { blockchain: api.url } }), quoteParams())
    expect(on.refetchInterval).toBe(10_000)
    expect((await on.queryFn({ queryKey: on.queryKey })).toAmount).toBe(2n)
    expect(api.state.requests).toHaveLength(1)

    const off = offlinePortico('p-quote', { apiUrls: { blockchain: api.url }, blockchainApi: false })
    const options = swapQuoteQueryOptions(off, quoteParams())
    expect(options.refetchInterval).toBe(false)
    const error = await options.queryFn({ queryKey: options.queryKey }).then(
      () => expect.unreachable('the quote should have failed'),
      (e: unknown) => e as Record<string, unknown>,
    )
    expect(error).toMatchObject({
      name: 'SwapBlockchainApiDisabledError',
      shortMessage: 'Swaps need the blockchain API',
    })
    expect(options.retry(0, error)).toBe(false)
    expect(api.state.requests).toHaveLength(1)
  } finally {
    await api.close()
  }
})
