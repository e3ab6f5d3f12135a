// Fault suite: wallets and storage that misbehave. A storage whose every write throws
// QuotaExceededError, a wallet that never answers the connection prompt, and a wallet that
// answers twice (duplicate connect/accountsChanged events). Each must leave a clear state, lose
// nothing already saved, and let the user go on (connect again) once the fault ends.
import {
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  getConnectors,
  initialize,
  type StorageLike,
  switchNetwork,
  watchConnection,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { afterAll, afterEach, beforeAll, expect, inject, test, vi } from 'vitest'

const devnet = inject('devnet')
const keys = devnet.evmPrivateKeys as `0x${string}`[]
const cleanups: (() => unknown)[] = []

beforeAll(() => {
  // Wallet discovery is DOM events on `window`; Node's EventTarget is enough and keeps the real fetch.
  Object.defineProperty(globalThis, 'window', { value: new EventTarget(), configurable: true, writable: true })
})
afterAll(() => Reflect.deleteProperty(globalThis, 'window'))
afterEach(async () => {
  vi.restoreAllMocks()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Web Storage whose writes can be made to fail as a full quota does in browsers. */
function quotaStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  const state = { full: false, failedWrites: 0 }
  const storage: StorageLike = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      if (state.full) {
        state.failedWrites++
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      data.set(key, value)
    },
    removeItem: (key) => void data.delete(key),
  }
  return { storage, data, state }
}

function dapp(storage: StorageLike | null = null) {
  const portico = createPortico({
    walletConnect: false,
    adapters: [eip155Adapter()],
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true }),
      eip155Network({ id: 31338, name: 'Devnet 2', rpcUrl: devnet.evmRpcUrl, testnet: true }),
    ],
    storage,
  })
  cleanups.push(initialize(portico))
  return portico
}

async function onlyConnector(portico: ReturnType<typeof dapp>, count = 1) {
  await vi.waitFor(() => expect(getConnectors(portico, { namespace: 'eip155' })).toHaveLength(count), {
    timeout: 10_000,
  })
  return getConnectors(portico, { namespace: 'eip155' })
}

/** Announces `provider` as an EIP-6963 wallet named `name`. */
function announce(name: string, provider: unknown) {
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: crypto.randomUUID(),
      name,
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      rdns: `dev.portico.${name.toLowerCase().replace(/\W/g, '')}`,
    }),
    provider,
  })
  const dispatch = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', dispatch)
  dispatch()
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', dispatch))
}

test('storage quota exceeded on write: the session goes on, saved values stay intact, writes resume when space frees', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { storage, data, state } = quotaStorage()
  const wallet = createTestEip1193Wallet({
    accounts: [keys[0] as `0x${string}`],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  cleanups.push(wallet.announce())
  const portico = dapp(storage)
  const [connector] = await onlyConnector(portico)
  const { address } = await connect(portico, { connector })
  const saved = new Map(data)
  expect(saved.size).toBeGreaterThan(0)

  state.full = true
  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  expect(getConnection(portico)).toMatchObject({ status: 'connected', address, caipNetworkId: 'eip155:31338' })
  expect(state.failedWrites).toBeGreaterThan(0)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not persist'), expect.any(DOMException))
  // Nothing lost or half-written: storage holds exactly what it held before the quota ran out.
  expect(data).toEqual(saved)

  // Space frees up: the next change is remembered again.
  state.full = false
  await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
  await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
  expect([...data.values()].some((value) => value.includes('eip155:31338'))).toBe(true)
})

test('a wallet that never answers: the attempt stays "connecting" without touching the state, and another wallet still connects', async () => {
  const real = createTestEip1193Wallet({
    accounts: [keys[1] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const silent = {
    request: ({ method }: { method: string }) =>
      method === 'eth_requestAccounts' ? new Promise(() => {}) : real.provider.request({ method } as never),
    on: () => {},
    removeListener: () => {},
  }
  announce('Silent Wallet', silent)
  const working = createTestEip1193Wallet({
    accounts: [keys[2] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    info: { name: 'Working Wallet', rdns: 'dev.portico.working' },
  })
  cleanups.push(working.announce())
  const portico = dapp()
  const connectors = await onlyConnector(portico, 2)
  const silentConnector = connectors.find((c) => c.name === 'Silent Wallet')
  const workingConnector = connectors.find((c) => c.name === 'Working Wallet')

  let outcome: unknown = 'pending'
  void connect(portico, { connector: silentConnector }).then(
    (r) => (outcome = r),
    (e: unknown) => (outcome = e),
  )
  await vi.waitFor(() => expect(getConnection(portico).status).toBe('connecting'), { timeout: 10_000 })
  expect(getConnection(portico).address).toBeUndefined()

  // The user gives up on it and picks another wallet: that one connects.
  const { address } = await connect(portico, { connector: workingConnector })
  expect(getConnection(portico)).toMatchObject({ status: 'connected', address, connectorId: workingConnector?.id })
  expect(outcome).toBe('pending')
})

test('a wallet that answers twice (connect and accountsChanged repeated): one connection, same account, no error', async () => {
  const real = createTestEip1193Wallet({
    accounts: [keys[3] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const echoing = {
    async request(args: { method: string; params?: unknown }) {
      const result = await real.provider.request(args as never)
      if (args.method === 'eth_requestAccounts') {
        // The duplicate answer, the way buggy wallets send it: the same events again and again.
        queueMicrotask(() => {
          for (let i = 0; i < 2; i++) {
            emit('connect', { chainId: '0x7a69' })
            emit('accountsChanged', result)
            emit('chainChanged', '0x7a69')
          }
        })
      }
      return result
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
    },
  }
  announce('Echo Wallet', echoing)
  const portico = dapp()
  const [connector] = await onlyConnector(portico)
  const changes: string[] = []
  const { address } = await connect(portico, { connector })
  cleanups.push(watchConnection(portico, { onChange: ({ status }) => changes.push(status) }))
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(getConnection(portico)).toMatchObject({ status: 'connected', address, caipNetworkId: 'eip155:31337' })
  expect(changes.every((status) => status === 'connected')).toBe(true)
})

test('a wallet that never answers: aborting the attempt (modal closed) rejects with ModalClosedError and restores the idle state', async () => {
  const real = createTestEip1193Wallet({
    accounts: [keys[1] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const silent = {
    request: ({ method }: { method: string }) =>
      method === 'eth_requestAccounts' ? new Promise(() => {}) : real.provider.request({ method } as never),
    on: () => {},
    removeListener: () => {},
  }
  announce('Silent Wallet', silent)
  const portico = dapp()
  const [connector] = await onlyConnector(portico)
  const controller = new AbortController()
  const attempt = connect(portico, { connector, signal: controller.signal }).catch((e: unknown) => e)
  await vi.waitFor(() => expect(getConnection(portico).status).toBe('connecting'), { timeout: 10_000 })
  controller.abort()
  expect(await attempt).toMatchObject({ name: 'ModalClosedError', shortMessage: 'Modal closed' })
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getConnection(portico).address).toBeUndefined()
})
