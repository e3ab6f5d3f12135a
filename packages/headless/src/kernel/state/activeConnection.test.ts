import { afterEach, expect, test } from 'vitest'
import { deferred } from '../../test/deferred.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { connectedHostWallet, hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { connect } from '../actions/connect.js'
import { initialize } from '../actions/initialize.js'
import { createPortico } from '../createPortico.js'
import type { ConnectorConnection } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { getActiveConnection, resolveNamespace } from './activeConnection.js'
import { accountsAtom } from './atoms.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

async function host() {
  const setup = await connectedHostWallet()
  stops.push(setup.stop)
  return setup
}

test('behavior: the active namespace connection with its account, connector and selected network', async () => {
  const { portico, wallet, networks } = await host()
  const active = getActiveConnection(portico)
  expect(active.namespace).toBe('eip155')
  expect(active.connector).toBe(wallet.connector)
  expect(active.network).toBe(networks.devnet)
  expect(active.account).toMatchObject({
    namespace: 'eip155',
    status: 'connected',
    address: alice,
    caipNetworkId: 'eip155:31337',
    connectorId: 'host',
  })
})

test('behavior: the network follows a wallet-side chain change', async () => {
  const { portico, wallet, networks } = await host()
  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: 'eip155:31338' })
  const active = getActiveConnection(portico)
  expect(active.network).toBe(networks.devnet2)
  expect(active.account.caipNetworkId).toBe('eip155:31338')
})

test('parameters: namespace picks that namespace even when another one is active', async () => {
  const { devnet, solanaLocal } = testNetworks()
  const evm = hostConnector({
    id: 'evm',
    connect: async () => [{ namespace: 'eip155', accounts: [alice] }] as ConnectorConnection[],
  })
  const sol = hostConnector({
    id: 'sol',
    chain: 'solana',
    connect: async () => [{ namespace: 'solana', accounts: [solAddress] }] as ConnectorConnection[],
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [evm.connector]), hostAdapter('solana', [sol.connector])],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, { connector: evm.connector })
  await connect(portico, { connector: sol.connector })
  expect(getActiveConnection(portico).namespace).toBe('solana')
  expect(getActiveConnection(portico).connector).toBe(sol.connector)
  const evmConnection = getActiveConnection(portico, 'eip155')
  expect(evmConnection).toMatchObject({ namespace: 'eip155', network: devnet, account: { address: alice } })
  expect(evmConnection.connector).toBe(evm.connector)
})

test('behavior: NotConnectedError naming the namespace when it is disconnected', async () => {
  const { portico } = await host()
  const error = (() => {
    try {
      getActiveConnection(portico, 'solana')
    } catch (e) {
      return e
    }
  })()
  expect(error).toMatchObject({ name: 'NotConnectedError', shortMessage: 'No ActiveCaipAddress found' })
})

test('behavior: NotConnectedError while a connection is still pending (connecting)', async () => {
  const { devnet } = testNetworks()
  const answer = deferred<readonly ConnectorConnection[]>()
  const wallet = hostConnector({ connect: () => answer.promise })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet],
    adapters: [hostAdapter('eip155', [wallet.connector])],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  const pending = connect(portico, { connector: wallet.connector })
  expect(() => getActiveConnection(portico)).toThrow(expect.objectContaining({ name: 'NotConnectedError' }))
  answer.resolve([{ namespace: 'eip155', accounts: [alice] }])
  await pending
  expect(getActiveConnection(portico).account.address).toBe(alice)
})

test('behavior: NotConnectedError while a persisted connection is only reconnecting (no connector yet)', () => {
  const { devnet } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet],
    adapters: [hostAdapter('eip155')],
    storage: memoryStorage({ '@portico/connected-connector:eip155': '"host"' }),
    // Read the saved connection at creation (a client-only app), not after hydration.
    ssr: false,
  })
  expect(portico.store.get(accountsAtom).eip155).toMatchObject({ status: 'reconnecting', connectorId: 'host' })
  expect(() => getActiveConnection(portico)).toThrow(expect.objectContaining({ name: 'NotConnectedError' }))
})

test('behavior: AdapterNotFoundError for a namespace without an adapter', async () => {
  const { portico } = await host()
  expect(() => getActiveConnection(portico, 'bip122' as ChainNamespace)).toThrow(
    expect.objectContaining({
      name: 'AdapterNotFoundError',
      shortMessage: 'No adapter configured for namespace bip122',
    }),
  )
})

test('behavior: resolveNamespace gives the active namespace and its adapter by default', async () => {
  const { portico } = await host()
  const { namespace, adapter } = resolveNamespace(portico, undefined)
  expect(namespace).toBe('eip155')
  expect(adapter).toBe(portico.adapters.get('eip155'))
  expect(resolveNamespace(portico, 'solana').adapter).toBe(portico.adapters.get('solana'))
})
