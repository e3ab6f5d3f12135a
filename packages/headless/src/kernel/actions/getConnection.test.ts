import { afterEach, expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { connectedHostWallet, hostAdapter } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import { disconnect } from './disconnect.js'
import { getConnection } from './getConnection.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('before any connection the default network’s namespace reads disconnected, with its network', () => {
  const { devnet, solanaLocal } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155'), hostAdapter('solana')],
    storage: memoryStorage(),
  })
  expect(getConnection(portico)).toMatchObject({
    namespace: 'eip155',
    status: 'disconnected',
    network: devnet,
    isConnected: false,
    isConnecting: false,
    isReconnecting: false,
    isDisconnected: true,
  })
  expect(getConnection(portico, { namespace: 'solana' })).toMatchObject({ namespace: 'solana', network: solanaLocal })
})

test('after connect it reads the account, connector and network of the active namespace', async () => {
  const { portico, stop, networks } = await connectedHostWallet()
  stops.push(stop)
  expect(getConnection(portico)).toMatchObject({
    namespace: 'eip155',
    status: 'connected',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    caipNetworkId: 'eip155:31337',
    connectorId: 'host',
    network: networks.devnet,
    isConnected: true,
    isDisconnected: false,
  })
  // Another namespace keeps its own (empty) state.
  expect(getConnection(portico, { namespace: 'solana' }).isDisconnected).toBe(true)
})

test('after disconnect it reads disconnected again, with no address', async () => {
  const { portico, stop } = await connectedHostWallet()
  stops.push(stop)
  await disconnect(portico)
  const connection = getConnection(portico)
  expect(connection).toMatchObject({ status: 'disconnected', isConnected: false, isDisconnected: true })
  expect(connection.address).toBeUndefined()
})
