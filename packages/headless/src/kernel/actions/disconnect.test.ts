import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { connectedHostWallet, hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { installTestWindow, removeTestWindow } from '../../test/window.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { createTestSolanaWallet } from '../../testing/solanaWallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { Eip1193Provider } from '../adapters/eip155/types.js'
import { solanaAdapter } from '../adapters/solana/solanaAdapter.js'
import { createPortico } from '../createPortico.js'
import type { ConnectorConnection } from '../types.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { getConnection } from './getConnection.js'
import { initialize } from './initialize.js'
import { request } from './request.js'
import { signMessage } from './signMessage.js'

afterEach(() => {
  vi.useRealTimers()
  removeTestWindow()
})

/** A host-supplied wallet whose revoke call never answers, or fails. */
function walletWhoseRevoke(behaviour: 'hangs' | 'fails'): Eip1193Provider {
  return {
    async request({ method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266']
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions')
        return behaviour === 'hangs' ? new Promise(() => {}) : Promise.reject({ code: -32603, message: 'boom' })
      throw { code: 4200, message: 'unsupported' }
    },
  }
}

async function connected(behaviour: 'hangs' | 'fails') {
  installTestWindow()
  const storage = memoryStorage()
  const portico = createPortico({
    projectId: 'p',
    networks: [testNetworks().devnet],
    adapters: [
      eip155Adapter({ eip6963: false, connectors: [{ id: 'hw', name: 'HW', provider: walletWhoseRevoke(behaviour) }] }),
    ],
    storage,
  })
  initialize(portico)
  await connect(portico, { connectorId: 'hw', namespace: 'eip155' })
  expect(getConnection(portico).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  return { portico, storage }
}

test('behavior: a wallet that never answers holds disconnect for at most 3 s', async () => {
  const { portico, storage } = await connected('hangs')
  vi.useFakeTimers()
  let done = false
  const pending = disconnect(portico).then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(2_999)
  expect(done).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await pending
  expect(done).toBe(true)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
})

test('behavior: a failing wallet still leaves local state reset, then reports FailedToDisconnectError', async () => {
  const { portico, storage } = await connected('fails')
  const error = await disconnect(portico).catch((e) => e)
  expect(error).toMatchObject({ name: 'FailedToDisconnectError', shortMessage: 'Failed to disconnect chains: eip155' })
  expect(getConnection(portico).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(await disconnect(portico, { namespace: 'eip155' }).catch((e) => e)).toBeUndefined()
})

/** One wallet session (a WalletConnect-like approval) holding eip155 and solana. */
async function twoNamespaceSession() {
  const { devnet, solanaLocal } = testNetworks()
  const session = hostConnector({
    id: 'multi',
    connect: async () =>
      [
        {
          namespace: 'eip155',
          accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
          caipNetworkId: 'eip155:31337',
        },
        { namespace: 'solana', accounts: ['FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'] },
      ] as ConnectorConnection[],
    request: async ({ namespace }) => `answered on ${namespace}`,
  })
  const storage = memoryStorage()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [session.connector]), hostAdapter('solana')],
    storage,
  })
  initialize(portico)
  await connect(portico, { connector: session.connector })
  expect(getConnection(portico, { namespace: 'solana' }).connector).toBe(session.connector)
  return { portico, session, storage }
}

test('behavior: a connector holding two namespaces gets ONE disconnect call when both are disconnected', async () => {
  const { portico, session, storage } = await twoNamespaceSession()
  await disconnect(portico)
  expect(session.callsOf('disconnect')).toHaveLength(1)
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  expect(getConnection(portico, { namespace: 'solana' }).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
  // Both namespaces stopped listening to the wallet.
  expect(session.subscribers()).toBe(0)
})

test('behavior: disconnecting one namespace of a shared session leaves the other connected and the session alive', async () => {
  const { portico, session, storage } = await twoNamespaceSession()
  await disconnect(portico, { namespace: 'solana' })
  expect(session.callsOf('disconnect')).toEqual([])
  expect(getConnection(portico, { namespace: 'solana' })).toMatchObject({ status: 'disconnected' })
  expect(getConnection(portico, { namespace: 'solana' }).connector).toBeUndefined()
  expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({ status: 'connected', connectorId: 'multi' })
  expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"multi"')
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
  // The session still serves the namespace left.
  expect(await request(portico, { namespace: 'eip155', method: 'eth_chainId' })).toBe('answered on eip155')
  // The active namespace stays on a connected one.
  expect(getConnection(portico).namespace).toBe('eip155')

  // Now the last namespace it holds goes: the session ends, once.
  await disconnect(portico, { namespace: 'eip155' })
  expect(session.callsOf('disconnect')).toHaveLength(1)
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
})

test('behavior: disconnecting eip155 alone does not end a session solana still holds', async () => {
  const { portico, session } = await twoNamespaceSession()
  await disconnect(portico, { namespace: 'eip155' })
  expect(session.callsOf('disconnect')).toEqual([])
  expect(getConnection(portico, { namespace: 'solana' })).toMatchObject({ status: 'connected' })
  // The app moves to the namespace that is still connected.
  expect(getConnection(portico).namespace).toBe('solana')
})

test('behavior: two different wallets each get their own disconnect call', async () => {
  const { devnet, solanaLocal } = testNetworks()
  const evm = hostConnector({
    id: 'evm',
    connect: async () => [{ namespace: 'eip155', accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] }],
  })
  const sol = hostConnector({
    id: 'sol',
    chain: 'solana',
    connect: async () => [{ namespace: 'solana', accounts: ['FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'] }],
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [evm.connector]), hostAdapter('solana', [sol.connector])],
    storage: memoryStorage(),
  })
  initialize(portico)
  await connect(portico, { connector: evm.connector })
  await connect(portico, { connector: sol.connector })
  await disconnect(portico)
  expect(evm.callsOf('disconnect')).toHaveLength(1)
  expect(sol.callsOf('disconnect')).toHaveLength(1)
})

test('behavior: real installed wallets (EIP-6963 and Wallet Standard) are each asked to forget the site', async () => {
  installTestWindow()
  // Connecting and disconnecting never reach a chain, so no devnet is needed: the RPC URL is unused.
  const unused = 'http://127.0.0.1:1'
  const evm = createTestEip1193Wallet({
    accounts: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
    chains: [{ id: 31337, rpcUrl: unused }],
  })
  const sol = await createTestSolanaWallet({ seeds: ['01'.repeat(32)], rpcUrl: unused })
  const stops = [evm.announce(), sol.register()]
  const { devnet, solanaLocal } = testNetworks()
  const storage = memoryStorage()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [eip155Adapter(), solanaAdapter()],
    storage,
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  await connect(portico, { connectorId: 'Devnet Wallet', namespace: 'solana' })
  expect(evm.connected).toBe(true)

  await disconnect(portico)
  expect(evm.requests.filter((r) => r.method === 'wallet_revokePermissions')).toHaveLength(1)
  expect(evm.connected).toBe(false)
  expect(sol.requests.filter((r) => r.feature === 'standard:disconnect')).toHaveLength(1)
  expect(getConnection(portico, { namespace: 'eip155' }).status).toBe('disconnected')
  expect(getConnection(portico, { namespace: 'solana' }).status).toBe('disconnected')
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(storage.data.has('@portico/connected-connector:solana')).toBe(false)
  for (const stop of stops) stop()
})

test('a connection handed in while no multi-wallet list has started is refused, not silently ignored', async () => {
  const portico = createPortico({ networks: [testNetworks().devnet], adapters: [eip155Adapter()], storage: null })
  await expect(
    disconnect(portico, {
      connection: { connectorId: 'x', namespace: 'eip155', accounts: [], status: 'connected' } as never,
    }),
  ).rejects.toMatchObject({ name: 'FailedToDisconnectError', shortMessage: 'Failed to disconnect' })
})

test.each([
  [
    'throws',
    () => {
      throw new Error('no events here')
    },
  ],
  ['gives back no way to stop', () => undefined as unknown as () => void],
  [
    'gives back a stop that throws',
    () => () => {
      throw new Error('cannot stop')
    },
  ],
])(
  'error: a wallet whose event API %s still connects, signs and disconnects; the kit warns when it cannot listen',
  async (why, subscribe) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { portico, wallet } = await connectedHostWallet({ subscribe, signMessage: async () => '0xsigned' })
    expect(getConnection(portico)).toMatchObject({ status: 'connected', connectorId: 'host' })
    expect(warn.mock.calls.filter(([m]) => m === '[portico] Cannot listen to the wallet')).toHaveLength(
      why === 'throws' ? 1 : 0,
    )
    expect(await signMessage(portico, { message: 'hello' })).toBe('0xsigned')
    await disconnect(portico)
    expect(getConnection(portico).status).toBe('disconnected')
    expect(wallet.callsOf('disconnect')).toHaveLength(1)
    warn.mockRestore()
  },
)
