// The on-ramp option factories (query.ts) against a real blockchain API stand-in on 127.0.0.1:
// the options query's key, its stale time (5 minutes live, at once for the sample stand-in) and
// its lack of retries, read through a real QueryClient; and the checkout-link mutation, which asks
// the service once per mutate (a double click joins the link being made). What the service's
// answers become is tested in client.test.ts and createOnrampUrl.test.ts, the quote query in
// onrampQuoteQuery.test.ts, the hooks in react/.
import type { IncomingMessage, ServerResponse } from 'node:http'
// biome-ignore lint/style/noRestrictedImports: a test gives the options factories the query client a host would, without React
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import type { PorticoOptions } from '../../kernel/options.js'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { onrampSampleOptions } from './client.js'
import {
  createOnrampUrlMutationOptions,
  onrampOptionsQueryKey,
  onrampOptionsQueryOptions,
  onrampOptionsStaleTimeMs,
} from './query.js'

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

const address = '0x00000000000000000000000000000000000000aa'
const liveOptions = (symbol: string) => ({
  purchaseCurrencies: [
    {
      id: `id-${symbol}`,
      name: symbol,
      symbol,
      networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0x01' }],
    },
  ],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '5.00', max: '500.00' }] }],
})

type Served = { path: string; projectId: string | null; body: Record<string, unknown> | undefined }

/**
 * A blockchain API on loopback: `/v1/onramp/options` answers `options` (or `optionsStatus`), the
 * URL generator answers a link naming the destination wallet (or `urlStatus`). Each request is
 * kept with its project id and JSON body (`reached(n)` waits for n of them); `hold()` keeps the
 * generator's answers until released.
 */
async function service({ options = liveOptions('USDC') as unknown, optionsStatus = 200, urlStatus = 200 } = {}) {
  const served: Served[] = []
  const waiting: (() => void)[] = []
  let gate: Promise<void> = Promise.resolve()
  const state = { options, optionsStatus, urlStatus }
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', async () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined
      served.push({ path: url.pathname, projectId: url.searchParams.get('projectId'), body })
      for (const wake of waiting.splice(0)) wake()
      if (url.pathname === '/v1/onramp/options') return json(res, state.optionsStatus, state.options)
      if (url.pathname === '/v1/generators/onrampurl') {
        await gate
        const wallets = (body?.destinationWallets ?? []) as { address: string }[]
        return json(res, state.urlStatus, { url: `http://127.0.0.1/checkout/${wallets[0]?.address}/${served.length}` })
      }
      json(res, 404, {})
    })
  }
  const server = await startHttpServer(handler)
  servers.push(server)
  return {
    url: server.url,
    state,
    served,
    asked: (path: string) => served.filter((s) => s.path === path),
    /** Resolves once `count` requests have reached the service. */
    async reached(count: number) {
      while (served.length < count) await new Promise<void>((resolve) => waiting.push(resolve))
    },
    hold() {
      let release = () => {}
      gate = new Promise<void>((resolve) => {
        release = resolve
      })
      return () => release()
    },
  }
}

const portico = (blockchain: string, projectId = 'onramp-query', overrides: Partial<PorticoOptions> = {}) =>
  offlinePortico(projectId, { apiUrls: { blockchain, api: blockchain }, ...overrides })

test('behavior: the options key is the same for every call (it holds no input)', async () => {
  expect(onrampOptionsQueryKey()).toEqual(['portico', 'onrampOptions', {}])
  expect(onrampOptionsQueryKey()).toEqual(onrampOptionsQueryKey())
  const p = portico('http://127.0.0.1:9')
  expect(onrampOptionsQueryOptions(p).queryKey).toEqual(onrampOptionsQueryKey())
  // A caller's overrides cannot swap the key or the fetch.
  const overridden = onrampOptionsQueryOptions(p, { query: { queryKey: ['other'], queryFn: () => 1 } })
  expect(overridden.queryKey).toEqual(onrampOptionsQueryKey())
  // The factory's own fetch runs (nothing listens on port 9: the sample stands in), not the override.
  expect((await overridden.queryFn()).source).toBe('sample')
})

test('default: the options query runs unless turned off, is never retried, and keeps live options 5 minutes', () => {
  const p = portico('http://127.0.0.1:9')
  const options = onrampOptionsQueryOptions(p)
  expect(options.enabled).toBe(true)
  expect(onrampOptionsQueryOptions(p, { query: { enabled: false } }).enabled).toBe(false)
  expect(options.retry).toBe(false)
  expect(onrampOptionsStaleTimeMs).toBe(5 * 60_000)
  const data = (source: 'api' | 'sample') => ({ purchaseCurrencies: [], paymentCurrencies: [], source })
  expect(options.staleTime({ state: { data: data('api') } })).toBe(5 * 60_000)
  expect(options.staleTime({ state: { data: data('sample') } })).toBe(0)
  expect(options.staleTime({ state: { data: undefined } })).toBe(5 * 60_000)
})

test('behavior: fetchQuery reads the options from the service for this project, then answers from the cache', async () => {
  const api = await service()
  const p = portico(api.url, 'project-live')
  const queryClient = new QueryClient()
  const data = await queryClient.fetchQuery(onrampOptionsQueryOptions(p))
  expect(data).toEqual({ ...liveOptions('USDC'), source: 'api' })
  // Typed as the options (the module's own example reads them so), not as `staleTime`'s parameter.
  expect(data.purchaseCurrencies).toHaveLength(1)
  expect(api.asked('/v1/onramp/options')).toEqual([
    { path: '/v1/onramp/options', projectId: 'project-live', body: undefined },
  ])
  // Fresh for 5 minutes: the Buy view opened again reads no request.
  expect(await queryClient.fetchQuery(onrampOptionsQueryOptions(p))).toEqual(data)
  expect(api.asked('/v1/onramp/options')).toHaveLength(1)
  expect(queryClient.getQueryData(onrampOptionsQueryKey())).toEqual(data)
})

test('error: a failing service gives the sample options after one request (no retry); the next read asks again', async () => {
  const api = await service({ optionsStatus: 500 })
  const p = portico(api.url)
  const queryClient = new QueryClient()
  expect(await queryClient.fetchQuery(onrampOptionsQueryOptions(p))).toEqual(onrampSampleOptions())
  expect(api.asked('/v1/onramp/options')).toHaveLength(1)
  // The sample is stale at once: once the service is back, the next read gets the live options.
  api.state.optionsStatus = 200
  expect((await queryClient.fetchQuery(onrampOptionsQueryOptions(p))).source).toBe('api')
  expect(api.asked('/v1/onramp/options')).toHaveLength(2)
})

test('behavior: each checkout-link mutate asks the generator once with its variables and answers its link', async () => {
  const api = await service()
  const p = portico(api.url)
  const options = createOnrampUrlMutationOptions(p)
  expect(options.mutationKey).toEqual(['portico', 'onrampUrl'])
  const mutation = new MutationObserver(new QueryClient(), options)
  const variables = {
    address,
    namespace: 'eip155',
    network: 'ethereum',
    asset: 'USDC',
    presetFiatAmount: 100,
    timeZone: 'UTC',
  } as const
  const link = await mutation.mutate(variables)
  expect(link).toBe(`http://127.0.0.1/checkout/${address}/1`)
  expect(api.asked('/v1/generators/onrampurl')).toEqual([
    {
      path: '/v1/generators/onrampurl',
      projectId: 'onramp-query',
      body: {
        destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['USDC'] }],
        defaultNetwork: 'ethereum',
        partnerUserId: address,
        defaultExperience: 'buy',
        presetFiatAmount: 100,
      },
    },
  ])
  // The same purchase again once the first settled is a new link.
  expect(await mutation.mutate(variables)).toBe(`http://127.0.0.1/checkout/${address}/2`)
  expect(api.asked('/v1/generators/onrampurl')).toHaveLength(2)
})

test('edge: a double click on Buy joins the link being made (one request, one link); another purchase is its own request', async () => {
  const api = await service()
  const p = portico(api.url)
  const queryClient = new QueryClient()
  const one = new MutationObserver(queryClient, createOnrampUrlMutationOptions(p))
  const two = new MutationObserver(queryClient, createOnrampUrlMutationOptions(p))
  const variables = { address, namespace: 'eip155', presetFiatAmount: 50, timeZone: 'UTC' } as const
  const other = '0x00000000000000000000000000000000000000bb'
  const release = api.hold()
  const first = one.mutate(variables)
  await api.reached(1) // the first link is being made at the service
  const clicks = Promise.all([first, two.mutate({ ...variables }), two.mutate({ ...variables, address: other })])
  await api.reached(2)
  release()
  const [a, b, c] = await clicks
  expect(a).toBe(b)
  expect(a).toContain(`/checkout/${address}/`)
  expect(c).toContain(`/checkout/${other}/`)
  expect(api.asked('/v1/generators/onrampurl')).toHaveLength(2)
})

test('behavior: a direct provider links its checkout without asking the generator', async () => {
  const api = await service()
  const mutation = new MutationObserver(new QueryClient(), createOnrampUrlMutationOptions(portico(api.url)))
  const link = await mutation.mutate({
    address,
    namespace: 'solana',
    provider: { url: 'http://127.0.0.1/provider', publicKey: 'pk_1' },
    timeZone: 'UTC',
  })
  expect(Object.fromEntries(new URL(link).searchParams)).toEqual({
    publicKey: 'pk_1',
    destinationCurrencyCode: 'SOL',
    walletAddress: address,
    externalCustomerId: address,
  })
  expect(api.served).toEqual([])
})

test('error: a refused link is the mutation error (OnrampApiError) after one request; a restricted time zone asks nothing', async () => {
  const api = await service({ urlStatus: 500 })
  const mutation = new MutationObserver(new QueryClient(), createOnrampUrlMutationOptions(portico(api.url)))
  await expect(mutation.mutate({ address, namespace: 'eip155', timeZone: 'UTC' })).rejects.toMatchObject({
    name: 'OnrampApiError',
    status: 500,
  })
  expect(api.asked('/v1/generators/onrampurl')).toHaveLength(1)
  expect(mutation.getCurrentResult().status).toBe('error')
  await expect(mutation.mutate({ address, namespace: 'eip155', timeZone: 'Asia/Hong_Kong' })).rejects.toMatchObject({
    name: 'OnrampNotAvailableError',
  })
  expect(api.asked('/v1/generators/onrampurl')).toHaveLength(1)
})
