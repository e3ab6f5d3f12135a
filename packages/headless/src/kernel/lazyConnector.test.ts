import { expect, test } from 'vitest'
import { deferred } from '../test/deferred.js'
import { testNetworks } from '../test/fixtures.js'
import { hostConnector } from '../test/hostConnector.js'
import { type ConnectorDescriptor, lazyConnector } from './lazyConnector.js'
import type { Connector, ConnectorEvent } from './types.js'

// A feature's connector listed from its descriptor, its code loaded on first use. Which features
// list one (WalletConnect, the embedded wallet) is lifecycle.ts's; this is the stand-in itself.

const { devnet, devnet2 } = testNetworks()
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const descriptor: ConnectorDescriptor = {
  id: 'walletConnect',
  name: 'WalletConnect',
  chain: 'eip155',
  type: 'WALLET_CONNECT',
  imageId: 'ef333840-daf4-4ef4-9d93-e3a1d1a5e600',
}

/** The implementation a feature would load: a host connector that records each call. */
function implementation() {
  return hostConnector({
    id: 'walletConnect',
    connect: async () => [{ namespace: 'eip155', accounts: [address], caipNetworkId: devnet.caipNetworkId }],
    reconnect: async () => [],
    signMessage: async ({ message }) => `signed:${String(message)}`,
    request: async ({ method }) => `answered:${method}`,
  })
}

/** A lazy connector whose loads the test settles: each call of `load` takes the next deferred. */
function setup() {
  const loads: ReturnType<typeof deferred<Connector>>[] = []
  const connector = lazyConnector(descriptor, () => {
    const load = deferred<Connector>()
    loads.push(load)
    return load.promise
  })
  return { connector, loads }
}

test('default: listed from its descriptor alone, nothing loaded until a method is called', () => {
  const { connector, loads } = setup()
  expect(connector).toMatchObject({ ...descriptor, uid: 'eip155:walletConnect', provider: undefined })
  expect(loads).toHaveLength(0)
})

test('behavior: the first calls share one load, and every method goes to the loaded connector with its parameters', async () => {
  const { connector, loads } = setup()
  const real = implementation()
  const connecting = connector.connect({ networks: { eip155: devnet } })
  const signing = connector.signMessage({ namespace: 'eip155', address, message: 'hi', network: devnet })
  expect(loads).toHaveLength(1)
  loads[0]?.resolve(real.connector)
  expect(await connecting).toEqual([{ namespace: 'eip155', accounts: [address], caipNetworkId: devnet.caipNetworkId }])
  expect(await signing).toBe('signed:hi')
  const switching = {
    namespace: 'eip155',
    network: devnet2,
    networks: [devnet, devnet2],
    current: 'eip155:31337',
  } as const
  await connector.switchNetwork(switching)
  const request = { namespace: 'eip155', chainId: 'eip155:31337', address, method: 'eth_chainId', params: [] } as const
  expect(await connector.request(request)).toBe('answered:eth_chainId')
  expect(await connector.reconnect({ networks: {} })).toEqual([])
  await connector.disconnect()
  expect(loads).toHaveLength(1)
  expect(real.calls.map((c) => c.method)).toEqual([
    'connect',
    'signMessage',
    'switchNetwork',
    'request',
    'reconnect',
    'disconnect',
  ])
  expect(real.callsOf('switchNetwork')).toEqual([switching])
  expect(real.callsOf('request')).toEqual([request])
})

test('error: a failed load rejects the method that needed it, and the next call loads again', async () => {
  const { connector, loads } = setup()
  const first = connector.connect({ networks: { eip155: devnet } })
  const failure = new TypeError('Failed to fetch dynamically imported module')
  loads[0]?.reject(failure)
  await expect(first).rejects.toBe(failure)
  const real = implementation()
  const second = connector.signMessage({ namespace: 'eip155', address, message: 'again', network: devnet })
  expect(loads).toHaveLength(2)
  loads[1]?.resolve(real.connector)
  expect(await second).toBe('signed:again')
  // Loaded now: no third load.
  await connector.disconnect()
  expect(loads).toHaveLength(2)
})

test('behavior: subscribe answers at once and listens from when the implementation arrives', async () => {
  const { connector, loads } = setup()
  const real = implementation()
  const events: ConnectorEvent[] = []
  const unsubscribe = connector.subscribe('eip155', (event) => events.push(event))
  // Subscribing is a use: it starts the load.
  expect(loads).toHaveLength(1)
  expect(real.subscribers()).toBe(0)
  loads[0]?.resolve(real.connector)
  // A method awaits the same load, after the subscription's own continuation.
  await connector.disconnect()
  expect(real.subscribers()).toBe(1)
  real.emit('eip155', { type: 'accountsChanged', accounts: [address] })
  real.emit('solana', { type: 'disconnect' })
  expect(events).toEqual([{ type: 'accountsChanged', accounts: [address] }])
  unsubscribe()
  expect(real.subscribers()).toBe(0)
  // Once loaded, subscribe goes straight to the implementation.
  const off = connector.subscribe('solana', (event) => events.push(event))
  expect(real.subscribers()).toBe(1)
  real.emit('solana', { type: 'disconnect' })
  expect(events.at(-1)).toEqual({ type: 'disconnect' })
  off()
  expect(real.subscribers()).toBe(0)
})

test('edge: unsubscribing before the implementation arrives means it is never subscribed to', async () => {
  const { connector, loads } = setup()
  const real = implementation()
  const events: ConnectorEvent[] = []
  const unsubscribe = connector.subscribe('eip155', (event) => events.push(event))
  unsubscribe()
  loads[0]?.resolve(real.connector)
  await connector.disconnect()
  expect(real.subscribers()).toBe(0)
  real.emit('eip155', { type: 'disconnect' })
  expect(events).toEqual([])
})

test('edge: a subscription whose load fails reports nothing itself; the next method loads again', async () => {
  const { connector, loads } = setup()
  const events: ConnectorEvent[] = []
  connector.subscribe('eip155', (event) => events.push(event))
  const failure = new Error('chunk failed')
  const pending = connector.disconnect()
  loads[0]?.reject(failure)
  await expect(pending).rejects.toBe(failure)
  const real = implementation()
  const retry = connector.reconnect({ networks: { eip155: devnet } })
  expect(loads).toHaveLength(2)
  loads[1]?.resolve(real.connector)
  expect(await retry).toEqual([])
  // The failed subscription is not revived by the later load.
  expect(real.subscribers()).toBe(0)
  expect(events).toEqual([])
})
