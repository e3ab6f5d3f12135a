import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import type { PorticoOptions } from '../options.js'
import type { ChainAdapter } from '../portico.js'
import type { Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { startDiscovery } from './discovery.js'
import { listConnectors } from './registry.js'

// Wallet discovery's lifetime on an instance: which adapters are watched, how holders share one
// discovery, what a release stops, and an adapter whose discovery throws. initialize.test.ts
// covers discovery started by `initialize`; the registry's merging of sources is registry.test.ts's.

afterEach(() => {
  vi.restoreAllMocks()
})

const { devnet, solanaLocal } = testNetworks()

/** A host-written adapter that counts its running watches and lets the test report new wallets. */
function watchedAdapter(namespace: ChainNamespace, connectors: readonly Connector[] = []) {
  const state = { started: 0, stopped: 0, report: (_: readonly Connector[]) => {} }
  const adapter: ChainAdapter = {
    namespace,
    watchConnectors(onChange) {
      state.started++
      state.report = onChange
      onChange(connectors)
      return () => {
        state.stopped++
      }
    },
    getBalance: async () => [],
  }
  return Object.assign(state, { adapter, running: () => state.started - state.stopped })
}

function instance(adapters: ChainAdapter[], overrides: Partial<PorticoOptions> = {}) {
  // One network per adapter: an instance refuses a network without its namespace's adapter.
  const [first = devnet, ...rest] = adapters.map((a) => (a.namespace === 'solana' ? solanaLocal : devnet))
  return createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [first, ...rest],
    adapters,
    storage: memoryStorage(),
    ...overrides,
  })
}

const ids = (connectors: readonly Connector[]) => connectors.map((c) => `${c.chain}:${c.id}`)

test('behavior: the first holder watches every adapter and their wallets enter the registry, each under its adapter', () => {
  const evmWallet = hostConnector({ id: 'evm-wallet' })
  const solWallet = hostConnector({ id: 'sol-wallet', chain: 'solana' })
  const evm = watchedAdapter('eip155', [evmWallet.connector])
  const sol = watchedAdapter('solana', [solWallet.connector])
  const portico = instance([evm.adapter, sol.adapter])
  expect(listConnectors(portico)).toEqual([])

  const release = startDiscovery(portico)
  expect([evm.running(), sol.running()]).toEqual([1, 1])
  expect(ids(listConnectors(portico))).toEqual(['eip155:evm-wallet', 'solana:sol-wallet'])

  // A wallet announced later replaces its adapter's list only.
  const late = hostConnector({ id: 'late' })
  evm.report([evmWallet.connector, late.connector])
  expect(ids(listConnectors(portico, 'eip155'))).toEqual(['eip155:evm-wallet', 'eip155:late'])
  expect(ids(listConnectors(portico, 'solana'))).toEqual(['solana:sol-wallet'])
  release()
})

test('behavior: holders share one discovery, which stops when the last one releases', () => {
  const evm = watchedAdapter('eip155')
  const sol = watchedAdapter('solana')
  const portico = instance([evm.adapter, sol.adapter])
  const first = startDiscovery(portico)
  const second = startDiscovery(portico)
  expect([evm.started, sol.started]).toEqual([1, 1])
  first()
  expect([evm.stopped, sol.stopped]).toEqual([0, 0])
  second()
  expect([evm.stopped, sol.stopped]).toEqual([1, 1])
  expect(portico._internal.discovery).toEqual({ holders: 0, stops: [] })
})

test('behavior: a discovery started again after the last release watches once more, and stops once', () => {
  const evm = watchedAdapter('eip155')
  const portico = instance([evm.adapter])
  startDiscovery(portico)()
  const again = startDiscovery(portico)
  expect(evm.started).toBe(2)
  expect(evm.running()).toBe(1)
  again()
  expect(evm.stopped).toBe(2)
  expect(evm.running()).toBe(0)
})

test('edge: a release called twice counts once, so it cannot stop what another holder still uses', () => {
  const evm = watchedAdapter('eip155')
  const portico = instance([evm.adapter])
  const first = startDiscovery(portico)
  const second = startDiscovery(portico)
  first()
  first()
  expect(portico._internal.discovery.holders).toBe(1)
  expect(evm.running()).toBe(1)
  second()
  expect(evm.running()).toBe(0)
})

test('default: with enableInjected off no adapter is watched and the registry stays empty; releasing is harmless', () => {
  const wallet = hostConnector()
  const evm = watchedAdapter('eip155', [wallet.connector])
  const portico = instance([evm.adapter], { enableInjected: false })
  const release = startDiscovery(portico)
  expect(evm.started).toBe(0)
  expect(listConnectors(portico)).toEqual([])
  release()
  expect(evm.stopped).toBe(0)
  expect(portico._internal.discovery.holders).toBe(0)
})

test("error: an adapter whose discovery throws raises INTERNAL_SDK_ERROR with its cause and is logged; the other adapters' discovery runs and stops", () => {
  const failure = new TypeError('wallet standard registry is not iterable')
  const broken: ChainAdapter = {
    namespace: 'solana',
    watchConnectors() {
      throw failure
    },
    getBalance: async () => [],
  }
  const wallet = hostConnector()
  // The broken one first: the adapters after it must still be watched.
  const evm = watchedAdapter('eip155', [wallet.connector])
  const portico = instance([broken, evm.adapter])
  const alerts: Alert[] = []
  portico.alerts.subscribe((alert) => alerts.push(alert))
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})

  const release = startDiscovery(portico)
  expect(alerts).toEqual([
    expect.objectContaining({
      code: 'INTERNAL_SDK_ERROR',
      details: 'Wallet discovery failed for solana',
      cause: failure,
    }),
  ])
  expect(logged).toHaveBeenCalledWith('[portico] Wallet discovery failed for solana', failure)
  expect(ids(listConnectors(portico))).toEqual(['eip155:host'])
  expect(evm.running()).toBe(1)
  expect(portico._internal.discovery.stops).toHaveLength(1)
  release()
  expect(evm.running()).toBe(0)
})
