// The on-ramp routes over HTTP on an in-process emulator (no chain: they read none): options,
// quotes and checkout links as JSON, the hosted parameters, bodies that are not JSON or too
// large, 503 without a provider, and the `onramp` switch (its status and message, before the body
// is read, on these routes only). The pricing and link rules are in ../onramp.test.ts; a checkout
// paying out on the devnet in ../../onramp/provider.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { onrampOptions, priceOnramp } from '../onramp.js'
import { type ApiEmulator, startApiEmulator } from '../server.js'

const Q = 'projectId=p&st=appkit&sv=1'
const provider = 'http://127.0.0.1:43210'
const wallet = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const quoteBody = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'portico-devnet' }
const urlBody = { destinationWallets: [{ address: wallet, blockchains: ['ethereum'] }], partnerUserId: 'u1' }

let api: ApiEmulator
let noProvider: ApiEmulator
beforeAll(async () => {
  const chains = { evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' }
  ;[api, noProvider] = await Promise.all([
    startApiEmulator({ ...chains, onrampUrl: provider }),
    startApiEmulator(chains),
  ])
})
afterAll(() => Promise.all([api?.stop(), noProvider?.stop()]))

const call = async (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  { base = api.url, query = Q }: { base?: string; query?: string } = {},
) => {
  const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
    method,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, response }
}

describe('on-ramp routes', () => {
  test('behavior: options, a quote and a checkout link, as the pricing and link rules give them', async () => {
    expect(await call('GET', '/v1/onramp/options')).toMatchObject({ status: 200, json: onrampOptions() })
    expect(await call('POST', '/v1/onramp/quote', quoteBody)).toMatchObject({
      status: 200,
      json: priceOnramp({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: 100 }),
    })
    const link = await call('POST', '/v1/generators/onrampurl', urlBody)
    expect(link.status).toBe(200)
    const url = new URL(link.json.url as string)
    expect(`${url.origin}${url.pathname}`).toBe(`${provider}/checkout`)
    expect(url.searchParams.get('walletAddress')).toBe(wallet)
    expect(url.searchParams.get('externalCustomerId')).toBe('u1')
  })

  test('error: every on-ramp route needs the hosted parameters', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/onramp/options', undefined],
      ['POST', '/v1/onramp/quote', quoteBody],
      ['POST', '/v1/generators/onrampurl', urlBody],
    ] as const) {
      const refused = await call(method, path, body, { query: 'projectId=p&st=appkit' })
      expect([refused.status, refused.json], path).toEqual([
        400,
        { message: 'Missing required query parameter(s): sv' },
      ])
    }
  })

  test('error: a quote refused by the pricing rules is 400 with its message', async () => {
    expect(await call('POST', '/v1/onramp/quote', { ...quoteBody, amount: '9.99' })).toMatchObject({
      status: 400,
      json: { message: 'amount must be between 10.00 and 7500.00 USD for card' },
    })
    expect((await call('POST', '/v1/onramp/quote', { ...quoteBody, purchaseCurrency: 'ETH' })).json).toEqual({
      message: 'Unsupported purchaseCurrency ETH',
    })
    expect((await call('POST', '/v1/generators/onrampurl', { destinationWallets: [] })).json).toEqual({
      message: 'destinationWallets must be a non-empty array',
    })
  })

  test('error: a body that is not JSON, or none, is 400; one over the limit is 413', async () => {
    for (const path of ['/v1/onramp/quote', '/v1/generators/onrampurl']) {
      expect(await call('POST', path, '{"amount":')).toMatchObject({
        status: 400,
        json: { message: 'Body is not valid JSON' },
      })
      expect((await call('POST', path)).json).toEqual({ message: 'Body is not valid JSON' })
      const huge = await call('POST', path, JSON.stringify({ ...quoteBody, pad: 'x'.repeat(1024 * 1024) }))
      expect([huge.status, huge.json]).toEqual([413, { message: 'Request body too large' }])
    }
  })

  test('error: without an on-ramp provider the link route is 503, while options and quotes still answer', async () => {
    expect(await call('POST', '/v1/generators/onrampurl', urlBody, { base: noProvider.url })).toMatchObject({
      status: 503,
      json: { message: 'No on-ramp provider is running' },
    })
    expect((await call('GET', '/v1/onramp/options', undefined, { base: noProvider.url })).status).toBe(200)
    expect((await call('POST', '/v1/onramp/quote', quoteBody, { base: noProvider.url })).status).toBe(200)
  })

  test('error: the onramp switch answers its status and message on all three routes, before the body is read', async () => {
    const messages = { 403: 'Unauthorized: origin not allowed', 429: 'Rate limited', 500: 'Internal server error' }
    try {
      for (const status of [403, 429, 500] as const) {
        api.switches.onramp = status
        for (const [method, path, body] of [
          ['GET', '/v1/onramp/options', undefined],
          ['POST', '/v1/onramp/quote', 'not json'],
          ['POST', '/v1/generators/onrampurl', urlBody],
        ] as const) {
          const refused = await call(method, path, body)
          expect([refused.status, refused.json], `${status} ${path}`).toEqual([status, { message: messages[status] }])
          expect(refused.response.headers.get('access-control-allow-origin')).toBe('*')
        }
      }
      // The fault comes before the missing provider's 503.
      noProvider.switches.onramp = 429
      expect((await call('POST', '/v1/generators/onrampurl', urlBody, { base: noProvider.url })).status).toBe(429)
      // Other routes are not on-ramp routes.
      expect((await call('GET', '/getWallets', undefined, { query: `${Q}&entries=1` })).status).toBe(200)
    } finally {
      api.switches.onramp = 'ok'
      noProvider.switches.onramp = 'ok'
    }
    expect((await call('GET', '/v1/onramp/options')).status).toBe(200)
  })

  test('edge: the switch is set over HTTP as well, and refuses a status it does not know', async () => {
    const set = (body: unknown) =>
      fetch(`${api.url}/__devnet/switches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    try {
      expect((await set({ onramp: 500 })).status).toBe(200)
      expect((await call('GET', '/v1/onramp/options')).status).toBe(500)
      expect((await set({ onramp: 404 })).status).toBe(400)
      expect(api.switches.onramp).toBe(500)
    } finally {
      await set({ onramp: 'ok' })
    }
    expect(api.switches.onramp).toBe('ok')
  })

  test('edge: the quote and link routes take POST only; a trailing slash is the same route', async () => {
    expect((await call('GET', '/v1/onramp/quote')).status).toBe(404)
    expect((await call('GET', '/v1/generators/onrampurl')).status).toBe(404)
    expect((await call('POST', '/v1/onramp/options', {})).status).toBe(404)
    expect((await call('POST', '/v1/onramp/quote/', quoteBody)).status).toBe(200)
  })
})
