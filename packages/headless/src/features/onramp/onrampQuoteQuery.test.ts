import { type DevnetWithout, startDevnet } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { onrampQuoteQueryKey, onrampQuoteQueryOptions } from './onrampQuoteQuery.js'
import { onrampOptionsQueryOptions } from './query.js'

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

test('options: live, then the samples while the service fails', async () => {
  const options = onrampOptionsQueryOptions(portico())
  expect(options.queryKey).toEqual(['portico', 'onrampOptions', {}])
  expect((await options.queryFn()).source).toBe('api')
  devnet.api.switches.onramp = 500
  try {
    expect((await options.queryFn()).source).toBe('sample')
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
})

test('options: the sample stand-in is stale at once (asked again next time); live options stay cached 5 minutes', async () => {
  const options = onrampOptionsQueryOptions(portico())
  const live = await options.queryFn()
  devnet.api.switches.onramp = 500
  let sample: Awaited<ReturnType<typeof options.queryFn>>
  try {
    sample = await options.queryFn()
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
  // The e2e test (tests/e2e/onramp.test.ts) shows the effect: Buy opened again after a failure
  // gets the live options.
  expect(options.staleTime({ state: { data: sample } })).toBe(0)
  expect(options.staleTime({ state: { data: live } })).toBe(5 * 60_000)
})

test('quote: idle without currencies or a positive amount; placeholder on failure', async () => {
  const p = portico()
  const params = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' }
  expect(onrampQuoteQueryKey(params)).toEqual(['portico', 'onrampQuote', { ...params, paymentMethod: undefined }])
  expect(onrampQuoteQueryOptions(p, params).enabled).toBe(true)
  expect(onrampQuoteQueryOptions(p, { ...params, amount: '0' }).enabled).toBe(false)
  expect(onrampQuoteQueryOptions(p, { ...params, amount: 'abc' }).enabled).toBe(false)
  expect(onrampQuoteQueryOptions(p, { ...params, purchaseCurrency: undefined }).enabled).toBe(false)
  const options = onrampQuoteQueryOptions(p, params)
  expect((await options.queryFn({ queryKey: options.queryKey })).purchaseAmount.amount).toBe('98.000000')
  devnet.api.switches.onramp = 429
  try {
    expect((await options.queryFn({ queryKey: options.queryKey })).placeholder).toBe(true)
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
})
