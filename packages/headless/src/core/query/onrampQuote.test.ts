import { type DevnetWithout, startDevnet } from '@portico/devnet'
import { QueryClient } from '@tanstack/react-query'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../config/createPortico.js'
import { onrampOptionsQueryOptions } from './onrampOptions.js'
import { onrampQuoteQueryKey, onrampQuoteQueryOptions } from './onrampQuote.js'

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

test('options: the sample stand-in is stale at once (asked again next time); live options stay cached', async () => {
  const client = new QueryClient()
  const options = onrampOptionsQueryOptions(portico())
  devnet.api.switches.onramp = 500
  try {
    expect((await client.fetchQuery(options)).source).toBe('sample')
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
  // fetchQuery serves fresh data from the cache and refetches stale data: the samples are not
  // kept, so with the service back the live options replace them.
  expect((await client.fetchQuery(options)).source).toBe('api')
  devnet.api.switches.onramp = 500
  try {
    // Live options stay cached for five minutes: a failure now does not replace them.
    expect((await client.fetchQuery(options)).source).toBe('api')
  } finally {
    devnet.api.switches.onramp = 'ok'
  }
  client.clear()
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
