import { type Devnet, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { deferred } from '../../test/deferred.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import type { ChainAdapter, Portico } from '../portico.js'
import type { Connector, ConnectorConnection } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { getConnection } from './getConnection.js'
import { initialize } from './initialize.js'
import { reconnect } from './reconnect.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const { devnet: net, devnet2: net2, solanaLocal } = testNetworks()

let devnet: Devnet
const stops: (() => void)[] = []
beforeAll(async () => {
  devnet = await startDevnet()
  installTestWindow()
})
afterAll(async () => {
  removeTestWindow()
  await devnet?.stop()
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const on = (namespace: ChainNamespace, accounts: string[], caipNetworkId?: string): ConnectorConnection =>
  ({ namespace, accounts, caipNetworkId }) as ConnectorConnection

/** What an earlier page persisted: the connector id per namespace. */
const persisted = (entries: Partial<Record<ChainNamespace, string>>) =>
  memoryStorage(
    Object.fromEntries(
      Object.entries(entries).map(([namespace, id]) => [
        `@portico/connected-connector:${namespace}`,
        JSON.stringify(id),
      ]),
    ),
  )

/** A page load: a fresh Portico over the persisted storage; reconnect not started yet. */
function load(storage: ReturnType<typeof memoryStorage>, adapters: ChainAdapter[]) {
  return createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [net, net2, solanaLocal],
    adapters,
    storage,
  })
}

/**
 * One wallet session over two namespaces, listed once per namespace (as WalletConnect lists its
 * connector under each namespace), both entries sharing the wallet's reconnect answer and call log.
 */
function sharedSession(reconnectAnswer: () => Promise<readonly ConnectorConnection[]>) {
  const evm = hostConnector({ id: 'multi', chain: 'eip155', reconnect: reconnectAnswer })
  const sol = hostConnector({ id: 'multi', chain: 'solana', reconnect: reconnectAnswer })
  return {
    evm,
    sol,
    reconnectCalls: () => [...evm.callsOf('reconnect'), ...sol.callsOf('reconnect')],
    adapters: [hostAdapter('eip155', [evm.connector]), hostAdapter('solana', [sol.connector])],
  }
}

describe('real wallet (EIP-6963 test wallet on the devnet)', () => {
  function wallet() {
    const w = createTestEip1193Wallet({
      accounts: devnet.evm.accounts.map((a) => a.privateKey),
      chains: [{ id: 31337, rpcUrl: devnet.evm.rpcUrl }],
    })
    stops.push(w.announce())
    return w
  }
  const page = (storage: ReturnType<typeof memoryStorage>) => {
    const networks = testNetworks({ evmRpcUrl: devnet.evm.rpcUrl })
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [networks.devnet],
      adapters: [eip155Adapter()],
      storage,
    })
    stops.push(initialize(portico))
    return portico
  }

  test('behavior: a reload restores the connection silently (eth_accounts, no prompt)', async () => {
    const w = wallet()
    const storage = memoryStorage()
    await connect(page(storage), { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    const prompts = w.requests.filter((r) => r.method === 'eth_requestAccounts').length

    const reloaded = page(storage)
    expect(getConnection(reloaded).status).toBe('reconnecting')
    const restored = await reconnect(reloaded)
    expect(restored.map((a) => [a.namespace, a.address])).toEqual([['eip155', w.address]])
    expect(getConnection(reloaded)).toMatchObject({
      status: 'connected',
      address: w.address,
      connectorId: 'dev.portico.devnet',
    })
    expect(w.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(prompts)
  })

  test('behavior: a wallet that revoked the site ends disconnected and its stored connector is forgotten', async () => {
    const w = wallet()
    const storage = memoryStorage()
    await connect(page(storage), { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    w.disconnectFromWallet()

    const reloaded = page(storage)
    expect(await reconnect(reloaded)).toEqual([])
    expect(getConnection(reloaded).status).toBe('disconnected')
    expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  })
})

describe('contract (host connectors)', () => {
  test('behavior: two namespaces persisted with one connector id restore through ONE reconnect call', async () => {
    const session = sharedSession(async () => [on('eip155', [alice], net2.caipNetworkId), on('solana', [solAddress])])
    const portico = load(persisted({ eip155: 'multi', solana: 'multi' }), session.adapters)
    const restored = await reconnect(portico)

    expect(session.reconnectCalls()).toHaveLength(1)
    expect(session.reconnectCalls()[0]).toEqual({ networks: { eip155: net, solana: solanaLocal } })
    expect(restored.map((a) => a.namespace).sort()).toEqual(['eip155', 'solana'])
    const evm = getConnection(portico, { namespace: 'eip155' })
    const sol = getConnection(portico, { namespace: 'solana' })
    expect(evm).toMatchObject({ status: 'connected', address: alice, caipNetworkId: net2.caipNetworkId })
    expect(sol).toMatchObject({ status: 'connected', address: solAddress, caipNetworkId: solanaLocal.caipNetworkId })
    // Both hold the connector that answered, so one disconnect later ends the session once.
    expect(evm.connector).toBeDefined()
    expect(sol.connector).toBe(evm.connector)
  })

  test('behavior: different connector ids reconnect separately', async () => {
    const evm = hostConnector({ id: 'evm', reconnect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const sol = hostConnector({ id: 'sol', chain: 'solana', reconnect: async () => [on('solana', [solAddress])] })
    const portico = load(persisted({ eip155: 'evm', solana: 'sol' }), [
      hostAdapter('eip155', [evm.connector]),
      hostAdapter('solana', [sol.connector]),
    ])
    await reconnect(portico)
    expect(evm.callsOf('reconnect')).toEqual([{ networks: { eip155: net } }])
    expect(sol.callsOf('reconnect')).toEqual([{ networks: { solana: solanaLocal } }])
    expect(getConnection(portico, { namespace: 'eip155' }).connector).toBe(evm.connector)
    expect(getConnection(portico, { namespace: 'solana' }).connector).toBe(sol.connector)
  })

  test('behavior: a namespace the wallet no longer authorises is reset and its stored connector forgotten', async () => {
    const session = sharedSession(async () => [on('eip155', [alice], net.caipNetworkId)])
    const storage = persisted({ eip155: 'multi', solana: 'multi' })
    const portico = load(storage, session.adapters)
    const restored = await reconnect(portico)

    expect(restored.map((a) => a.namespace)).toEqual(['eip155'])
    expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('connected')
    expect(getConnection(portico, { namespace: 'solana' })).toMatchObject({ status: 'disconnected' })
    expect(getConnection(portico, { namespace: 'solana' }).connector).toBeUndefined()
    expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"multi"')
    expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
  })

  test('behavior: a connection with no accounts counts as not authorised', async () => {
    const wallet = hostConnector({ reconnect: async () => [on('eip155', [])] })
    const storage = persisted({ eip155: 'host' })
    const portico = load(storage, [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')])
    await reconnect(portico)
    expect(getConnection(portico).status).toBe('disconnected')
    expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  })

  test('behavior: a wallet not discovered in time leaves disconnected but keeps the stored record', async () => {
    const storage = persisted({ eip155: 'gone' })
    const portico = load(storage, [hostAdapter('eip155'), hostAdapter('solana')])
    const started = Date.now()
    const pending = reconnect(portico)
    expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('reconnecting')
    expect(await pending).toEqual([])
    // It waited for discovery (a grace period) rather than giving up at once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
    expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"gone"')
  })

  test('behavior: a wallet discovered during the grace period is reconnected', async () => {
    const late = hostConnector({ id: 'late', reconnect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    let announce: ((connectors: readonly Connector[]) => void) | undefined
    const lateAdapter: ChainAdapter = {
      namespace: 'eip155',
      watchConnectors(onChange) {
        onChange([])
        announce = onChange
        return () => {}
      },
      getBalance: async () => [],
    }
    const portico = load(persisted({ eip155: 'late' }), [lateAdapter, hostAdapter('solana')])
    const pending = reconnect(portico)
    await new Promise((r) => setTimeout(r, 50))
    expect(getConnection(portico).status).toBe('reconnecting')
    announce?.([late.connector])
    await pending
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: alice, connectorId: 'late' })
  })

  test('behavior: a throwing reconnect leaves disconnected and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const wallet = hostConnector({
      reconnect: async () => {
        throw rpcError(-32603, 'internal')
      },
    })
    const portico = load(persisted({ eip155: 'host' }), [
      hostAdapter('eip155', [wallet.connector]),
      hostAdapter('solana'),
    ])
    expect(await reconnect(portico)).toEqual([])
    expect(getConnection(portico).status).toBe('disconnected')
    expect(getConnection(portico).connector).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(
      '[portico] Could not reconnect host on eip155',
      expect.objectContaining({ code: -32603 }),
    )
  })

  test('behavior: concurrent calls share one run and one wallet call', async () => {
    const answer = deferred<readonly ConnectorConnection[]>()
    const wallet = hostConnector({ reconnect: () => answer.promise })
    const portico = load(persisted({ eip155: 'host' }), [
      hostAdapter('eip155', [wallet.connector]),
      hostAdapter('solana'),
    ])
    const first = reconnect(portico)
    const second = reconnect(portico)
    expect(second).toBe(first)
    answer.resolve([on('eip155', [alice], net.caipNetworkId)])
    const [a, b] = await Promise.all([first, second])
    expect(a).toBe(b)
    expect(wallet.callsOf('reconnect')).toHaveLength(1)
    // Once settled, a later call runs again (nothing left to restore, so the wallet is not asked).
    const third = reconnect(portico)
    expect(third).not.toBe(first)
    expect(await third).toEqual([])
    expect(wallet.callsOf('reconnect')).toHaveLength(1)
  })

  test('behavior: a namespace the user connected meanwhile is not overwritten by the late reconnect', async () => {
    const answer = deferred<readonly ConnectorConnection[]>()
    const stale = hostConnector({ id: 'stale', reconnect: () => answer.promise })
    const fresh = hostConnector({ id: 'fresh', connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const portico: Portico = load(persisted({ eip155: 'stale' }), [
      hostAdapter('eip155', [stale.connector, fresh.connector]),
      hostAdapter('solana'),
    ])
    const pending = reconnect(portico)
    await new Promise((r) => setTimeout(r, 0))
    // The user disconnects the stale one and picks another wallet while the old one still answers.
    await disconnect(portico, { namespace: 'eip155' })
    await connect(portico, { connector: fresh.connector })
    answer.resolve([on('eip155', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], net.caipNetworkId)])
    expect(await pending).toEqual([])
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: alice, connectorId: 'fresh' })
  })
})

describe('reconnect and a user connect at the same time', () => {
  test('behavior: a connect the user declines after the reconnect gave up leaves disconnected, not reconnecting', async () => {
    const answer = deferred<readonly ConnectorConnection[]>()
    const picked = hostConnector({ id: 'picked', connect: () => answer.promise })
    const storage = persisted({ eip155: 'gone' })
    const portico = load(storage, [hostAdapter('eip155', [picked.connector]), hostAdapter('solana')])
    const restoring = reconnect(portico)
    // The user picks another wallet while the page is still restoring the old one.
    const attempt = connect(portico, { connector: picked.connector })
    expect(await restoring).toEqual([])
    expect(getConnection(portico).status).toBe('disconnected')
    answer.reject(rpcError(4001, 'User rejected the request.'))
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    expect(getConnection(portico).status).toBe('disconnected')
  })

  test('behavior: a connect the user declines after the reconnect restored the old wallet keeps the old wallet', async () => {
    const restoreAnswer = deferred<readonly ConnectorConnection[]>()
    const old = hostConnector({ id: 'old', reconnect: () => restoreAnswer.promise })
    const connectAnswer = deferred<readonly ConnectorConnection[]>()
    const picked = hostConnector({ id: 'picked', connect: () => connectAnswer.promise })
    const portico = load(persisted({ eip155: 'old' }), [
      hostAdapter('eip155', [old.connector, picked.connector]),
      hostAdapter('solana'),
    ])
    const restoring = reconnect(portico)
    const attempt = connect(portico, { connector: picked.connector })
    restoreAnswer.resolve([on('eip155', [alice], net.caipNetworkId)])
    await restoring
    connectAnswer.reject(rpcError(4001, 'User rejected the request.'))
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: alice, connectorId: 'old' })
  })
})
