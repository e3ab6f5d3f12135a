import { describe, expect, test, vi } from 'vitest'
import { deferred } from '../../test/deferred.js'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { BaseError } from '../errors/base.js'
import { accountsAtom, activeNamespaceAtom } from '../state/atoms.js'
import type { Connector, ConnectorConnection } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { getConnection } from './getConnection.js'
import { getConnectors } from './getConnectors.js'
import { getRecentWallets } from './getRecentWallets.js'
import { initialize } from './initialize.js'
import { request } from './request.js'
import { watchAlerts } from './watchAlerts.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const { devnet: net, devnet2: net2, solanaLocal } = testNetworks()

const suite = devnetSuite()
const { stops } = suite

/** A Portico over host adapters: eip155 with `connectors`, solana with `solanaConnectors`. */
function setup(
  connectors: readonly Connector[],
  { solanaConnectors = [] as readonly Connector[], defaultNetwork = net.caipNetworkId } = {},
) {
  const storage = memoryStorage()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [net, net2, solanaLocal],
    defaultNetwork,
    adapters: [hostAdapter('eip155', connectors), hostAdapter('solana', solanaConnectors)],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, storage }
}

const on = (namespace: ChainNamespace, accounts: string[], caipNetworkId?: string): ConnectorConnection =>
  ({ namespace, accounts, caipNetworkId }) as ConnectorConnection

describe('real wallet (EIP-6963 test wallet on the devnet)', () => {
  function realSetup() {
    const { portico, wallet } = suite.evmWallet()
    const [connector] = getConnectors(portico, { namespace: 'eip155' })
    if (!connector) throw new Error('the test wallet was not discovered')
    return { portico, wallet, connector }
  }

  test('behavior: connecting, then connected with the wallet account, chain and connector', async () => {
    const { portico, wallet, connector } = realSetup()
    const pending = connect(portico, { connector })
    expect(getConnection(portico).status).toBe('connecting')
    const result = await pending
    expect(result).toEqual({
      namespace: 'eip155',
      address: wallet.address,
      accounts: [wallet.address],
      caipNetworkId: 'eip155:31337',
    })
    const state = getConnection(portico)
    expect(state).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      connectorId: 'dev.portico.devnet',
    })
    // The stored connector is the discovered one (getConnectors lists decorated copies).
    expect(state.connector?.uid).toBe(connector.uid)
    expect(typeof state.connector?.request).toBe('function')
    expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts')
  })

  test('behavior: the user declining in the wallet throws ConnectionRejectedError and leaves disconnected', async () => {
    const { portico, wallet, connector } = realSetup()
    wallet.rejectNext('eth_requestAccounts')
    const error = await connect(portico, { connector }).catch((e) => e)
    expect(error).toMatchObject({ name: 'ConnectionRejectedError', shortMessage: 'Connection rejected' })
    expect(error.cause).toMatchObject({ code: 4001 })
    const state = getConnection(portico)
    expect(state.status).toBe('disconnected')
    expect(state.address).toBeUndefined()
    expect(state.connector).toBeUndefined()
  })

  test('behavior: a requested network the wallet is not on is switched to after connecting', async () => {
    const { portico, wallet, connector } = realSetup()
    const result = await connect(portico, { connector, caipNetworkId: 'eip155:31338' })
    expect(result.caipNetworkId).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(wallet.requests.map((r) => r.method)).toContain('wallet_switchEthereumChain')
    expect(getConnection(portico)).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31338' })
  })
})

describe('contract (host connectors)', () => {
  test('behavior: the connector gets the networks of every configured namespace and a signal that aborts with the caller', async () => {
    // The wallet leaves its prompt open: the caller gives up meanwhile.
    const wallet = hostConnector({ connect: () => new Promise(() => {}) })
    const { portico } = setup([wallet.connector])
    const controller = new AbortController()
    const pending = connect(portico, { connectorId: 'host', namespace: 'eip155', signal: controller.signal })
    await vi.waitFor(() => expect(wallet.callsOf('connect')).toHaveLength(1), { timeout: 10_000 })
    const [call] = wallet.callsOf('connect') as [{ networks: unknown; signal: AbortSignal }]
    expect(call.networks).toEqual({ eip155: net, solana: solanaLocal })
    expect(call.signal.aborted).toBe(false)
    controller.abort()
    expect(call.signal.aborted).toBe(true)
    await expect(pending).rejects.toMatchObject({ name: 'ModalClosedError' })
  })

  test('behavior: rejection (4001) throws ConnectionRejectedError and restores the previous wallet exactly', async () => {
    const first = hostConnector({ id: 'first', connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const second = hostConnector({
      id: 'second',
      connect: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    first.connector.request = async () => '0xfirst'
    const { portico, storage } = setup([first.connector, second.connector])
    await connect(portico, { connector: first.connector })
    const before = portico.store.get(accountsAtom).eip155
    const storedBefore = storage.data.get('@portico/connected-connector:eip155')

    const pending = connect(portico, { connector: second.connector })
    expect(getConnection(portico).status).toBe('connecting')
    const error = await pending.catch((e) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'ConnectionRejectedError', cause: { code: 4001 } })
    // The same state object as before: nothing of the attempt leaks into it.
    expect(portico.store.get(accountsAtom).eip155).toBe(before)
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: alice, connectorId: 'first' })
    expect(storage.data.get('@portico/connected-connector:eip155')).toBe(storedBefore)
    // The restored connection still reaches its own wallet.
    expect(await request(portico, { method: 'eth_blockNumber' })).toBe('0xfirst')
  })

  test("behavior: another wallet taking the namespace does not inherit the previous wallet's account details", async () => {
    const login = hostConnector({
      id: 'login',
      connect: async () => [
        {
          ...on('eip155', [bob], net.caipNetworkId),
          account: { user: { email: 'a@example.com' }, socialProvider: 'github', smartAccountDeployed: true },
        },
      ],
    })
    const installed = hostConnector({
      id: 'installed',
      connect: async () => [on('eip155', [alice], net.caipNetworkId)],
    })
    const { portico } = setup([login.connector, installed.connector])
    await connect(portico, { connector: login.connector })
    expect(portico.store.get(accountsAtom).eip155).toMatchObject({
      user: { email: 'a@example.com' },
      socialProvider: 'github',
    })

    await connect(portico, { connector: installed.connector })
    const account = portico.store.get(accountsAtom).eip155
    expect(account).toMatchObject({ status: 'connected', address: alice, connectorId: 'installed' })
    expect(account?.user).toBeUndefined()
    expect(account?.socialProvider).toBeUndefined()
    expect(account?.smartAccountDeployed).toBeUndefined()
  })

  test('behavior: a non-rejection failure throws FailedToConnectError with the cause, state restored', async () => {
    const boom = new Error('wallet crashed')
    const wallet = hostConnector({
      connect: async () => {
        throw boom
      },
    })
    const { portico } = setup([wallet.connector])
    const error = await connect(portico, { connector: wallet.connector }).catch((e) => e)
    expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
    expect(error.cause).toBe(boom)
    expect(portico.store.get(accountsAtom).eip155).toEqual({ namespace: 'eip155', status: 'disconnected' })
  })

  test('behavior: a wallet that returns no accounts is a FailedToConnectError', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [])] })
    const { portico } = setup([wallet.connector])
    const error = await connect(portico, { connector: wallet.connector }).catch((e) => e)
    expect(error).toMatchObject({ name: 'FailedToConnectError' })
    expect(getConnection(portico).status).toBe('disconnected')
  })

  test('behavior: a BaseError from the connector passes through unchanged', async () => {
    const typed = new BaseError('Some typed failure')
    const wallet = hostConnector({
      connect: async () => {
        throw typed
      },
    })
    const { portico } = setup([wallet.connector])
    expect(await connect(portico, { connector: wallet.connector }).catch((e) => e)).toBe(typed)
    expect(getConnection(portico).status).toBe('disconnected')
  })

  test('behavior: aborting gives ModalClosedError at once although the wallet never answers, state restored', async () => {
    const first = hostConnector({ id: 'first', connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const silent = hostConnector({ id: 'silent', connect: () => new Promise(() => {}) })
    const { portico } = setup([first.connector, silent.connector])
    await connect(portico, { connector: first.connector })
    const before = portico.store.get(accountsAtom).eip155

    const controller = new AbortController()
    const pending = connect(portico, { connector: silent.connector, signal: controller.signal })
    expect(getConnection(portico).status).toBe('connecting')
    controller.abort()
    const error = await pending.catch((e) => e)
    expect(error).toMatchObject({ name: 'ModalClosedError', shortMessage: 'Modal closed' })
    expect(portico.store.get(accountsAtom).eip155).toBe(before)
  })

  test('behavior: an already aborted signal gives ModalClosedError without waiting for the wallet', async () => {
    const silent = hostConnector({ connect: () => new Promise(() => {}) })
    const { portico } = setup([silent.connector])
    const controller = new AbortController()
    controller.abort()
    const error = await connect(portico, { connector: silent.connector, signal: controller.signal }).catch((e) => e)
    expect(error).toMatchObject({ name: 'ModalClosedError' })
    expect(getConnection(portico).status).toBe('disconnected')
  })

  test('behavior: a late answer after the abort is ignored', async () => {
    const answer = deferred<readonly ConnectorConnection[]>()
    const late = hostConnector({ connect: () => answer.promise })
    const { portico } = setup([late.connector])
    const controller = new AbortController()
    const pending = connect(portico, { connector: late.connector, signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'ModalClosedError' })
    answer.resolve([on('eip155', [alice], net.caipNetworkId)])
    await new Promise((r) => setTimeout(r, 0))
    expect(getConnection(portico).status).toBe('disconnected')
    expect(getConnection(portico).address).toBeUndefined()
  })

  test('behavior: a superseded attempt that succeeds late does not overwrite the newer connection', async () => {
    const slowAnswer = deferred<readonly ConnectorConnection[]>()
    const slow = hostConnector({ id: 'slow', connect: () => slowAnswer.promise })
    const fast = hostConnector({ id: 'fast', connect: async () => [on('eip155', [bob], net.caipNetworkId)] })
    const { portico } = setup([slow.connector, fast.connector])
    const older = connect(portico, { connector: slow.connector })
    await connect(portico, { connector: fast.connector })
    slowAnswer.resolve([on('eip155', [alice], net.caipNetworkId)])
    await expect(older).rejects.toMatchObject({ name: 'FailedToConnectError' })
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: bob, connectorId: 'fast' })
    expect(getConnection(portico).connector).toBe(fast.connector)
  })

  test('behavior: a superseded attempt that fails late does not restore over the newer connection', async () => {
    const slowAnswer = deferred<readonly ConnectorConnection[]>()
    const slow = hostConnector({ id: 'slow', connect: () => slowAnswer.promise })
    const fast = hostConnector({ id: 'fast', connect: async () => [on('eip155', [bob], net.caipNetworkId)] })
    const { portico } = setup([slow.connector, fast.connector])
    const older = connect(portico, { connector: slow.connector })
    await connect(portico, { connector: fast.connector })
    slowAnswer.reject(rpcError(4001, 'User rejected the request.'))
    await expect(older).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    expect(getConnection(portico)).toMatchObject({ status: 'connected', address: bob, connectorId: 'fast' })
  })

  test('behavior: a newer attempt that fails while an older one is pending does not leave the namespace connecting', async () => {
    const first = hostConnector({ id: 'first', connect: async () => [on('eip155', [bob], net.caipNetworkId)] })
    const slowAnswer = deferred<readonly ConnectorConnection[]>()
    const slow = hostConnector({ id: 'slow', connect: () => slowAnswer.promise })
    const rejecting = hostConnector({
      id: 'rejecting',
      connect: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    const { portico } = setup([first.connector, slow.connector, rejecting.connector])
    await connect(portico, { connector: first.connector })
    const before = portico.store.get(accountsAtom).eip155

    const older = connect(portico, { connector: slow.connector })
    await expect(connect(portico, { connector: rejecting.connector })).rejects.toMatchObject({
      name: 'ConnectionRejectedError',
    })
    // Back to what the user had before either attempt, not the older attempt's 'connecting'.
    expect(portico.store.get(accountsAtom).eip155).toBe(before)
    slowAnswer.resolve([on('eip155', [alice], net.caipNetworkId)])
    await expect(older).rejects.toMatchObject({ name: 'FailedToConnectError' })
    expect(portico.store.get(accountsAtom).eip155).toBe(before)
  })

  test('behavior: a disconnect during a pending attempt is not undone when the attempt then fails', async () => {
    const first = hostConnector({ id: 'first', connect: async () => [on('eip155', [bob], net.caipNetworkId)] })
    const answer = deferred<readonly ConnectorConnection[]>()
    const pending = hostConnector({ id: 'pending', connect: () => answer.promise })
    const { portico, storage } = setup([first.connector, pending.connector])
    await connect(portico, { connector: first.connector })
    const attempt = connect(portico, { connector: pending.connector })
    await disconnect(portico)
    expect(first.callsOf('disconnect')).toHaveLength(1)
    answer.reject(rpcError(4001, 'User rejected the request.'))
    await expect(attempt).rejects.toMatchObject({ name: 'ConnectionRejectedError' })
    // The first wallet's session is over: bringing its 'connected' state back would be a lie.
    expect(getConnection(portico).status).toBe('disconnected')
    expect(getConnection(portico).connector).toBeUndefined()
    expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  })

  test('behavior: one approval for two namespaces connects both with the same connector, the picked one active', async () => {
    const multi = hostConnector({
      id: 'multi',
      connect: async () => [on('eip155', [alice], net2.caipNetworkId), on('solana', [solAddress])],
    })
    // The app starts on solana; the wallet is picked from the eip155 list.
    const { portico, storage } = setup([multi.connector], { defaultNetwork: solanaLocal.caipNetworkId })
    expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
    const result = await connect(portico, { connector: multi.connector })
    expect(result).toMatchObject({ namespace: 'eip155', address: alice, caipNetworkId: net2.caipNetworkId })
    const accounts = portico.store.get(accountsAtom)
    expect(accounts.eip155).toMatchObject({ status: 'connected', address: alice, caipNetworkId: net2.caipNetworkId })
    // Without a chain from the wallet, the namespace's preferred network is used.
    expect(accounts.solana).toMatchObject({
      status: 'connected',
      address: solAddress,
      caipAddress: `${solanaLocal.caipNetworkId}:${solAddress}`,
    })
    expect(accounts.eip155?.connector).toBe(multi.connector)
    expect(accounts.solana?.connector).toBe(multi.connector)
    expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
    expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"multi"')
    expect(storage.data.get('@portico/connected-connector:solana')).toBe('"multi"')
    expect(multi.callsOf('connect')).toHaveLength(1)
  })

  test('behavior: approving only another namespace leaves the picked one as it was and activates the other', async () => {
    const first = hostConnector({ id: 'first', connect: async () => [on('eip155', [bob], net.caipNetworkId)] })
    const solanaOnly = hostConnector({ id: 'multi', connect: async () => [on('solana', [solAddress])] })
    const { portico } = setup([first.connector, solanaOnly.connector])
    await connect(portico, { connector: first.connector })
    const before = portico.store.get(accountsAtom).eip155

    const result = await connect(portico, { connector: solanaOnly.connector })
    expect(result).toMatchObject({ namespace: 'solana', address: solAddress })
    expect(portico.store.get(accountsAtom).eip155).toBe(before)
    expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
    expect(getConnection(portico)).toMatchObject({ namespace: 'solana', status: 'connected', connectorId: 'multi' })
  })

  test('behavior: connections for namespaces without an adapter are ignored', async () => {
    const wallet = hostConnector({
      connect: async () => [
        on('bip122' as ChainNamespace, ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']),
        on('eip155', [alice], net.caipNetworkId),
      ],
    })
    const { portico } = setup([wallet.connector])
    await connect(portico, { connector: wallet.connector })
    expect(portico.store.get(accountsAtom)).not.toHaveProperty('bip122')
    expect(getConnection(portico, { namespace: 'solana' }).status).toBe('disconnected')
    expect(getConnection(portico)).toMatchObject({ namespace: 'eip155', status: 'connected', address: alice })
  })

  test('behavior: only namespaces without an adapter approved is a FailedToConnectError', async () => {
    const wallet = hostConnector({ connect: async () => [on('bip122' as ChainNamespace, ['bc1qxyz'])] })
    const { portico } = setup([wallet.connector])
    await expect(connect(portico, { connector: wallet.connector })).rejects.toMatchObject({
      name: 'FailedToConnectError',
    })
    expect(portico.store.get(accountsAtom)).not.toHaveProperty('bip122')
    expect(getConnection(portico).status).toBe('disconnected')
  })

  test('behavior: a requested network the wallet is not on triggers connector.switchNetwork', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const { portico } = setup([wallet.connector])
    await connect(portico, { connector: wallet.connector, caipNetworkId: net2.caipNetworkId })
    expect(wallet.callsOf('connect')[0]).toMatchObject({ networks: { eip155: net2 } })
    expect(wallet.callsOf('switchNetwork')).toEqual([
      { namespace: 'eip155', network: net2, networks: portico.networks, current: net.caipNetworkId },
    ])
    expect(getConnection(portico)).toMatchObject({ status: 'connected', caipNetworkId: net2.caipNetworkId })
  })

  test('behavior: no switch when the wallet is already on the requested network', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [alice], net2.caipNetworkId)] })
    const { portico } = setup([wallet.connector])
    await connect(portico, { connector: wallet.connector, caipNetworkId: net2.caipNetworkId })
    expect(wallet.callsOf('switchNetwork')).toEqual([])
  })

  test('behavior: a refused switch still leaves the wallet connected on its own chain', async () => {
    const wallet = hostConnector({
      connect: async () => [on('eip155', [alice], net.caipNetworkId)],
      switchNetwork: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    const { portico } = setup([wallet.connector])
    const result = await connect(portico, { connector: wallet.connector, caipNetworkId: net2.caipNetworkId })
    expect(result.caipNetworkId).toBe(net.caipNetworkId)
    expect(getConnection(portico)).toMatchObject({ status: 'connected', caipNetworkId: net.caipNetworkId })
  })

  test('behavior: an unconfigured requested network raises Network Not Found and throws NetworkNotFoundError before asking the wallet', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const { portico } = setup([wallet.connector])
    const alerts: Alert[] = []
    const stop = watchAlerts(portico, { onAlert: (a) => alerts.push(a), replay: false })
    await expect(connect(portico, { connector: wallet.connector, caipNetworkId: 'eip155:1' })).rejects.toMatchObject({
      name: 'NetworkNotFoundError',
      shortMessage: 'Network not found',
      code: 'NETWORK_NOT_FOUND',
    })
    stop()
    expect(alerts.map((a) => [a.code, a.message])).toEqual([['NETWORK_NOT_FOUND', 'Network Not Found']])
    expect(wallet.callsOf('connect')).toEqual([])
  })

  test('behavior: an unknown connector id throws ConnectorNotFoundError', async () => {
    const { portico } = setup([])
    await expect(connect(portico, { connectorId: 'nope', namespace: 'eip155' })).rejects.toMatchObject({
      name: 'ConnectorNotFoundError',
    })
  })

  test('behavior: the connector is recorded as the recent wallet', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const { portico } = setup([wallet.connector])
    await connect(portico, { connector: wallet.connector })
    expect(getRecentWallets(portico)).toEqual([
      { id: 'host', namespace: 'eip155', name: 'Host Wallet', icon: 'data:image/svg+xml,<svg/>' },
    ])
  })

  test('behavior: the picked directory wallet is recorded with walletConnect: true, unsafe icons dropped', async () => {
    const wallet = hostConnector({ connect: async () => [on('eip155', [alice], net.caipNetworkId)] })
    const { portico } = setup([wallet.connector])
    await connect(portico, {
      connector: wallet.connector,
      wallet: { id: 'rainbow', name: 'Rainbow', imageId: 'img-1', imageUrl: 'javascript:alert(1)' },
    })
    expect(getRecentWallets(portico)).toEqual([
      { id: 'rainbow', namespace: 'eip155', name: 'Rainbow', icon: undefined, imageId: 'img-1', walletConnect: true },
    ])
  })

  test('behavior: a failed connection records no recent wallet', async () => {
    const wallet = hostConnector({
      connect: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    const { portico } = setup([wallet.connector])
    await connect(portico, { connector: wallet.connector }).catch(() => {})
    expect(getRecentWallets(portico)).toEqual([])
  })
})
