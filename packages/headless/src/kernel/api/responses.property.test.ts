// Properties of the hosted API clients: every response body is untrusted. Whatever a service
// answers (any JSON, any status, not JSON at all), each client returns well-shaped data or throws
// its own typed error; a malformed entry is dropped alone, never taking the page with it.
import fc from 'fast-check'
import { afterEach, expect, test, vi } from 'vitest'
import { fetchTransactions } from '../../features/activity/fetchTransactions.js'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import type { Portico } from '../portico.js'
import { fetchAccountBalances, fetchIdentity, fetchSupportedChains } from './blockchainApi.js'
import { fetchAllowedOrigins } from './projectApi.js'
import { fetchWallets } from './walletDirectory.js'

afterEach(() => vi.restoreAllMocks())

const networks = testNetworks()
/** An instance whose every hosted call gets `status` and `body` (no network involved). */
function answering(status: number, body: string): Portico {
  return createPortico({
    projectId: 'p',
    storage: null,
    walletConnect: false,
    networks: networks.all,
    adapters: testAdapters(),
    apiUrls: { api: 'http://127.0.0.1:9', blockchain: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9' },
    fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
  })
}

// 204, 205 and 304 cannot carry a body at all (the Response constructor refuses).
const status = fc.oneof(
  fc.constant(200),
  fc.integer({ min: 200, max: 599 }).filter((s) => ![204, 205, 304].includes(s)),
)
const wallet = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 20 }),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    image_id: fc.option(fc.string({ maxLength: 20 })),
    rdns: fc.option(fc.string({ maxLength: 20 })),
    mobile_link: fc.option(fc.oneof(fc.webUrl(), fc.string())),
    chains: fc.option(fc.array(fc.string())),
  },
  { requiredKeys: ['id', 'name'] },
)
/** Bodies: any JSON, a plausible page with good and bad entries, or text that is not JSON. */
const body = (entry: fc.Arbitrary<unknown>, extra: Record<string, fc.Arbitrary<unknown>> = {}) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record({ data: fc.array(fc.oneof(entry, fc.jsonValue()), { maxLength: 8 }), ...extra })
      .map((v) => JSON.stringify(v)),
    fc.string(),
  )

async function outcome(run: () => Promise<unknown>) {
  try {
    return { ok: true as const, value: await run() }
  } catch (error) {
    return { ok: false as const, error: error as Error }
  }
}

test('property: the wallet directory returns only well-shaped wallets or a WalletDirectoryError', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  await fc.assert(
    fc.asyncProperty(status, body(wallet, { count: fc.oneof(fc.nat(), fc.jsonValue()) }), async (code, text) => {
      const result = await outcome(() => fetchWallets(answering(code, text), { page: 1 }))
      if (!result.ok) return void expect(result.error.name).toBe('WalletDirectoryError')
      expect(code).toBeGreaterThanOrEqual(200)
      expect(code).toBeLessThan(300)
      const page = result.value as Awaited<ReturnType<typeof fetchWallets>>
      for (const w of page.data) {
        expect(typeof w.id === 'string' && w.id.length > 0).toBe(true)
        expect(typeof w.name === 'string' && w.name.length > 0).toBe(true)
      }
      // Every well-shaped entry of the body survives: bad neighbours never empty the page.
      const sent = JSON.parse(text) as { data: unknown[] }
      const good = sent.data.filter((e) => typeof e === 'object' && e !== null && 'id' in e && 'name' in e)
      expect(page.data.length).toBeLessThanOrEqual(sent.data.length)
      expect(page.data.length).toBeLessThanOrEqual(good.length)
    }),
    { numRuns: 150 },
  )
})

const transaction = fc.record({
  id: fc.string(),
  metadata: fc.record({ minedAt: fc.string(), chain: fc.constantFrom('eip155:31337', 'eip155:1', null) }),
  transfers: fc.option(fc.array(fc.record({ direction: fc.string(), quantity: fc.record({ numeric: fc.string() }) }))),
})

test('property: history pages hold only this network’s well-shaped transactions, or a TransactionHistoryError', async () => {
  await fc.assert(
    fc.asyncProperty(status, body(transaction, { next: fc.option(fc.string()) }), async (code, text) => {
      const result = await outcome(() =>
        fetchTransactions(answering(code, text), { address: '0xabc', caipNetworkId: 'eip155:31337' }),
      )
      if (!result.ok) return void expect(result.error.name).toBe('TransactionHistoryError')
      const page = result.value as Awaited<ReturnType<typeof fetchTransactions>>
      for (const t of page.data) {
        expect(typeof t.id).toBe('string')
        expect([undefined, null, 'eip155:31337']).toContain(t.metadata.chain)
      }
      expect(page.next === undefined || typeof page.next === 'string').toBe(true)
    }),
    { numRuns: 150 },
  )
})

test('property: balances, identity, supported chains and origins: typed data or their typed errors', async () => {
  await fc.assert(
    fc.asyncProperty(
      status,
      fc.oneof(
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc.string(),
      ),
      async (code, text) => {
        const portico = answering(code, text)
        const balances = await outcome(() =>
          fetchAccountBalances(portico, { address: '0xabc', network: networks.devnet }),
        )
        if (balances.ok)
          for (const b of balances.value as { chainId: string; quantity: { numeric: string } }[]) {
            expect(b.chainId).toBe(networks.devnet.caipNetworkId)
            expect(typeof b.quantity.numeric).toBe('string')
          }
        else expect(['HostedHttpError', 'CheckError', 'SyntaxError']).toContain(balances.error.name)

        const identity = await outcome(() => fetchIdentity(portico, { address: '0xabc' }))
        if (identity.ok) {
          const { name, avatar } = identity.value as { name?: unknown; avatar?: unknown }
          expect(name === undefined || typeof name === 'string').toBe(true)
          expect(avatar === undefined || typeof avatar === 'string').toBe(true)
        } else expect(identity.error.name).toBe('BlockchainApiError')

        const chains = await fetchSupportedChains(portico)
        for (const chain of chains) expect(typeof chain).toBe('string')

        const origins = await outcome(() => fetchAllowedOrigins(portico))
        if (origins.ok) for (const o of origins.value as unknown[]) expect(typeof o).toBe('string')
        else expect(origins.error.name).toBe('ProjectApiError')
      },
    ),
    { numRuns: 150 },
  )
})
