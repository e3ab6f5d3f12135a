import { expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import type { ChainAdapter } from '../portico.js'
import type { Connector } from '../types.js'
import { connect } from './connect.js'
import { getConnection } from './getConnection.js'
import { getConnectors } from './getConnectors.js'
import { initialize } from './initialize.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const { devnet } = testNetworks()

function counted(connectors: readonly Connector[]) {
  const counts = { watching: 0 }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    watchConnectors(onChange) {
      counts.watching++
      onChange(connectors)
      return () => {
        counts.watching--
      }
    },
    getBalance: async () => [],
  }
  return { adapter, counts }
}

const scripted = () =>
  hostConnector({
    connect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
    reconnect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
  })

const create = (adapter: ChainAdapter, storage = memoryStorage()) =>
  createPortico({ projectId: 'p', walletConnect: false, networks: [devnet], adapters: [adapter], storage })

test('starts discovery, and the returned function stops it', () => {
  const wallet = scripted()
  const { adapter, counts } = counted([wallet.connector])
  const portico = create(adapter)
  const stop = initialize(portico)
  expect(counts.watching).toBe(1)
  expect(getConnectors(portico).map((c) => c.id)).toEqual(['host'])
  stop()
  expect(counts.watching).toBe(0)
})

test('a page with no saved session stays disconnected and asks no wallet for anything', async () => {
  const wallet = scripted()
  const portico = create(counted([wallet.connector]).adapter)
  const stop = initialize(portico)
  await vi.waitFor(() => expect(getConnection(portico).status).toBe('disconnected'))
  expect(wallet.calls).toEqual([])
  stop()
})

test('a saved session is restored silently after a reload', async () => {
  const storage = memoryStorage()
  const first = scripted()
  const before = create(counted([first.connector]).adapter, storage)
  const stopBefore = initialize(before)
  await connect(before, { connector: first.connector })
  stopBefore()

  const wallet = scripted()
  const after = create(counted([wallet.connector]).adapter, storage)
  const stop = initialize(after)
  await vi.waitFor(() => expect(getConnection(after)).toMatchObject({ status: 'connected', address: alice }), {
    timeout: 15_000,
  })
  expect(wallet.callsOf('reconnect')).toHaveLength(1)
  expect(wallet.callsOf('connect')).toEqual([])
  stop()
})

test("an adapter whose discovery throws: INTERNAL_SDK_ERROR once, logged, and the other adapters' wallets still listed", () => {
  const broken: ChainAdapter = {
    namespace: 'solana',
    watchConnectors() {
      throw new TypeError('wallet standard registry is not iterable')
    },
    getBalance: async () => [],
  }
  const { adapter } = counted([scripted().connector])
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, testNetworks().solanaLocal],
    adapters: [broken, adapter],
    storage: memoryStorage(),
  })
  const alerts: string[] = []
  portico.alerts.subscribe((alert) => alerts.push(`${alert.code}: ${alert.message} (${alert.details})`))
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const stop = initialize(portico)
    expect(alerts).toEqual(['INTERNAL_SDK_ERROR: Internal SDK error (Wallet discovery failed for solana)'])
    expect(logged).toHaveBeenCalledWith('[portico] Wallet discovery failed for solana', expect.any(TypeError))
    expect(getConnectors(portico).map((c) => c.id)).toEqual(['host'])
    // A second start of discovery on the page (another instance of the app's root): once only.
    stop()
    initialize(portico)()
    expect(alerts).toHaveLength(1)
  } finally {
    logged.mockRestore()
  }
})
