// Fault suite: the chain's JSON-RPC dies mid-session and comes back on the same port; an RPC that
// accepts connections and never answers; the wall clock set back minutes during the balance
// lockout. The balance query must reach an error end state (typed, data kept), and recover when
// the RPC does, without a new instance (no reload). Timeouts and the spec's 30 s lockout run on
// fake clocks; nothing here waits real time for them.
import { createServer, type Socket } from 'node:net'
import { type AnvilInstance, startAnvil } from '@portico/devnet'
import {
  balanceQueryOptions,
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  getConnectors,
  initialize,
  type Portico,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, expect, inject, test, vi } from 'vitest'

const devnet = inject('devnet')
const key = devnet.evmPrivateKeys[0] as `0x${string}`
let anvil: AnvilInstance
const cleanups: (() => unknown)[] = []

beforeAll(async () => {
  // Wallet discovery is DOM events on `window`; Node's EventTarget is enough and keeps the real fetch.
  Object.defineProperty(globalThis, 'window', { value: new EventTarget(), configurable: true, writable: true })
  anvil = await startAnvil()
})
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'window')
  await anvil.stop()
})
afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A connected session on `rpcUrl`: instance, query client and a live balance observer. */
async function session(rpcUrl: string) {
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  cleanups.push(wallet.announce())
  const storage = new Map<string, string>()
  const portico = createPortico({
    walletConnect: false,
    adapters: [eip155Adapter()],
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl, testnet: true })],
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
  })
  cleanups.push(initialize(portico))
  await vi.waitFor(() => expect(getConnectors(portico, { namespace: 'eip155' })).toHaveLength(1), { timeout: 10_000 })
  const [connector] = getConnectors(portico, { namespace: 'eip155' })
  const { address } = await connect(portico, { connector })
  const client = new QueryClient()
  const observer = new QueryObserver(client, balanceQueryOptions(portico, { address, caipNetworkId: 'eip155:31337' }))
  cleanups.push(observer.subscribe(() => {}))
  cleanups.push(() => client.clear())
  return { portico, client, observer, storage, address }
}

function lockoutLeft(portico: Portico) {
  return (portico._internal.balanceRetryAt ?? 0) - Date.now()
}

test('RPC killed mid-session: a typed error with the balance kept; back on the same port, the balance returns', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { portico, observer, storage, address } = await session(anvil.rpcUrl)
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'), { timeout: 10_000 })
  const before = observer.getCurrentResult().data
  const storedBefore = new Map(storage)

  await anvil.stop()
  const failed = await observer.refetch()
  expect(failed.status).toBe('error')
  expect(failed.error).toMatchObject({ name: 'BalanceUnavailableError', shortMessage: 'Token Balance Unavailable' })
  // Nothing lost: the last balance, the connection and what was persisted are all still there.
  expect(failed.data).toEqual(before)
  expect(getConnection(portico)).toMatchObject({ status: 'connected', address })
  expect(storage).toEqual(storedBefore)
  // The query schedules its own retry for when the spec's 30 s lockout ends.
  const interval = observer.options.refetchInterval as (q: unknown) => number | false
  const next = interval(observer.getCurrentQuery())
  expect(next).toBeGreaterThan(25_000)
  expect(next).toBeLessThanOrEqual(30_250)

  await anvil.restart()
  // Within the lockout a retry is refused without a request (spec), still an error end state.
  expect((await observer.refetch()).status).toBe('error')
  // Past the lockout (fake clock), the same observer, no reload, reads the balance again.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_001 })
  const recovered = await observer.refetch()
  expect(recovered.status).toBe('success')
  expect(recovered.data?.[0]?.symbol).toBe('ETH')
})

test('an RPC that accepts and never answers: the read ends at 10 s (fake clock) with a typed error', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const sockets = new Set<Socket>()
  const blackHole = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', () => {}) // read and never answer
  })
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        blackHole.close(() => resolve())
      }),
  )
  const { port } = blackHole.address() as { port: number }
  const { client, address, portico } = await session(`http://127.0.0.1:${port}`)
  client.clear()

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const settled = client.fetchQuery(balanceQueryOptions(portico, { address, caipNetworkId: 'eip155:31337' })).then(
    () => 'resolved',
    (e: unknown) => e,
  )
  await vi.advanceTimersByTimeAsync(10_000)
  const error = await settled
  expect(error).toMatchObject({ name: 'BalanceUnavailableError' })
  expect(lockoutLeft(portico)).toBeGreaterThan(25_000)
})

test('clock set back minutes during the lockout: the lockout still ends 30 s later, not minutes later', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { portico, observer } = await session(anvil.rpcUrl)
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'), { timeout: 10_000 })
  await anvil.stop()
  expect((await observer.refetch()).status).toBe('error')
  await anvil.restart()

  const now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now: now - 5 * 60_000 })
  // The next read sees a lockout 5.5 min away, and re-bases it to at most the spec's 30 s.
  expect((await observer.refetch()).status).toBe('error')
  expect(lockoutLeft(portico)).toBeLessThanOrEqual(30_000)
  vi.setSystemTime(Date.now() + 30_001)
  expect((await observer.refetch()).status).toBe('success')

  // And a clock set forward minutes just ends the lockout early: reads work.
  vi.setSystemTime(Date.now() + 10 * 60_000)
  expect((await observer.refetch()).status).toBe('success')
})
