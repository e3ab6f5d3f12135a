// Fault suite: every hosted endpoint answering 429, 500, garbage, a dropped connection, or too
// slowly. Each read must end in a typed error (never hang), keep nothing half-done, and work
// again once the service is healthy. Loopback only: a private emulator per file, so switching
// faults never disturbs other test files.
import { type ApiEmulator, type HostedFault, startApiEmulator } from '@portico/devnet'
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  getBalance,
  type Portico,
  walletDirectoryInfiniteQueryOptions,
} from '@portico/headless'
import { fetchTransactions, transactionsInfiniteQueryOptions } from '@portico/headless/activity'
import { QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { fetchIdentity } from '../../../packages/headless/src/kernel/api/blockchainApi.js'
import { fetchAllowedOrigins } from '../../../packages/headless/src/kernel/api/projectApi.js'
import { fetchWallets } from '../../../packages/headless/src/kernel/api/walletDirectory.js'

const devnet = inject('devnet')
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let api: ApiEmulator

beforeAll(async () => {
  api = await startApiEmulator({ evmRpcUrl: devnet.evmRpcUrl, solanaRpcUrl: devnet.solanaRpcUrl })
})
afterAll(() => api.stop())
afterEach(() => {
  api.switches.hosted = 'ok'
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function hostedPortico(fetchFn?: typeof fetch): Portico {
  return createPortico({
    ...(fetchFn ? { fetch: fetchFn } : {}),
    projectId: 'faults',
    storage: null,
    walletConnect: false,
    adapters: [eip155Adapter()],
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    apiUrls: { api: api.url, blockchain: api.url, analytics: api.url },
  })
}

/** Every error in a cause chain, outermost first. */
function chain(error: unknown): { name?: string; status?: number }[] {
  const out: { name?: string; status?: number }[] = []
  for (let e = error; e && out.length < 10; e = (e as { cause?: unknown }).cause) out.push(e as never)
  return out
}

// What each hosted read must throw, by name, whatever the fault.
const reads = {
  directory: { run: (p: Portico) => fetchWallets(p, { page: 1 }), error: 'WalletDirectoryError' },
  history: {
    run: (p: Portico) => fetchTransactions(p, { address: alice, caipNetworkId: 'eip155:31337' }),
    error: 'TransactionHistoryError',
  },
  identity: { run: (p: Portico) => fetchIdentity(p, { address: alice }), error: 'BlockchainApiError' },
} as const

const faults: Exclude<HostedFault, 'ok' | 'slow'>[] = [429, 500, 'garbage', 'reset']

describe.each(Object.entries(reads))('%s', (_, read) => {
  test.each(faults)('fault %s: a typed error, then the same call works once the service is back', async (fault) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const portico = hostedPortico()
    api.switches.hosted = fault
    const error = await read.run(portico).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ name: read.error })
    if (typeof fault === 'number') expect(chain(error).some((e) => e.status === fault)).toBe(true)

    api.switches.hosted = 'ok'
    await expect(read.run(portico)).resolves.toBeDefined()
  })
})

test('origins: 429 and 500 are the spec alerts; garbage and a dropped connection mean "none allowed"', async () => {
  const portico = hostedPortico()
  api.switches.hosted = 429
  await expect(fetchAllowedOrigins(portico)).rejects.toMatchObject({ name: 'ProjectApiError', code: 'RATE_LIMITED' })
  api.switches.hosted = 500
  await expect(fetchAllowedOrigins(portico)).rejects.toMatchObject({ name: 'ProjectApiError', code: 'SERVER_ERROR' })
  for (const fault of ['garbage', 'reset'] as const) {
    api.switches.hosted = fault
    await expect(fetchAllowedOrigins(portico)).resolves.toEqual([])
  }
  api.switches.hosted = 'ok'
  expect((await fetchAllowedOrigins(portico)).length).toBeGreaterThan(0)
})

test('balance through the blockchain API: a typed error with the lockout, then the API again after it', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const portico = hostedPortico()
  const read = () => getBalance(portico, { address: alice, caipNetworkId: 'eip155:31337' })
  const [healthy] = await read()
  api.switches.hosted = 500
  // The supported-chains answer is cached; the balance call itself fails.
  const failure = await read().then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(failure).toMatchObject({ name: 'BalanceUnavailableError' })
  const retryAt = (failure as { retryAt?: number }).retryAt ?? 0
  expect(retryAt - Date.now()).toBeGreaterThan(25_000)
  api.switches.hosted = 'ok'
  // Spec: retries are blocked for 30 s, without a request.
  await expect(read()).rejects.toMatchObject({ name: 'BalanceUnavailableError' })
  vi.useFakeTimers({ toFake: ['Date'], now: retryAt + 1 })
  const [again] = await read()
  expect(again?.quantity.numeric).toBe(healthy?.quantity.numeric)
})

test('supported chains: a failed answer is not kept, so the API is used again when it recovers', async () => {
  const portico = hostedPortico()
  api.switches.hosted = 500
  // Falls back to the chain's RPC (devnet anvil) while the API is down.
  const [fromRpc] = await getBalance(portico, { address: alice, caipNetworkId: 'eip155:31337' })
  expect(fromRpc?.symbol).toBe('ETH')
  api.switches.hosted = 'ok'
  const [fromApi] = await getBalance(portico, { address: alice, caipNetworkId: 'eip155:31337' })
  // Only the API attaches prices.
  expect(fromApi?.price).toBeTypeOf('number')
})

test('slow past the timeout: the read ends with a HostedTimeoutError at 10 s (fake clock), then recovers', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // the emulator's hostile directory entries
  const portico = hostedPortico()
  api.switches.hosted = 'slow'
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const pending = fetchWallets(portico, { page: 1 }).then(
    () => undefined,
    (e: unknown) => e,
  )
  await vi.advanceTimersByTimeAsync(9_000)
  let settled = false
  void pending.then(() => {
    settled = true
  })
  await Promise.resolve()
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1_000)
  const error = await pending
  expect(error).toMatchObject({ name: 'WalletDirectoryError' })
  expect(chain(error).map((e) => e.name)).toContain('HostedTimeoutError')
  vi.useRealTimers()
  api.switches.hosted = 'ok'
  await expect(fetchWallets(portico, { page: 1 })).resolves.toMatchObject({ page: 1 })
})

describe('query options: failures surface after bounded, quick retries', () => {
  test('directory: 500 is retried 3 times (150 ms doubling), then the error; garbage is not retried', async () => {
    const client = new QueryClient()
    let requests = 0
    const counting = hostedPortico((input, init) => {
      requests++
      return fetch(input, init)
    })
    api.switches.hosted = 500
    await expect(client.fetchInfiniteQuery(walletDirectoryInfiniteQueryOptions(counting))).rejects.toMatchObject({
      name: 'WalletDirectoryError',
    })
    expect(requests).toBe(4)

    requests = 0
    client.clear()
    api.switches.hosted = 'garbage'
    await expect(client.fetchInfiniteQuery(walletDirectoryInfiniteQueryOptions(counting))).rejects.toMatchObject({
      name: 'WalletDirectoryError',
    })
    expect(requests).toBe(1)

    client.clear()
    api.switches.hosted = 'ok'
    const page = await client.fetchInfiniteQuery(walletDirectoryInfiniteQueryOptions(counting))
    expect(page.pages[0]?.data.length).toBeGreaterThan(0)
  })

  test('history: a dropped connection is retried; the list loads once the service is back', async () => {
    const portico = hostedPortico()
    const client = new QueryClient()
    const options = transactionsInfiniteQueryOptions(portico, { address: alice, caipNetworkId: 'eip155:31337' })
    api.switches.hosted = 'reset'
    await expect(client.fetchInfiniteQuery(options)).rejects.toMatchObject({ name: 'TransactionHistoryError' })
    api.switches.hosted = 'ok'
    await expect(client.fetchInfiniteQuery(options)).resolves.toMatchObject({ pages: [expect.any(Object)] })
  })
})
