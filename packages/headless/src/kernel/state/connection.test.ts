import { expect, test } from 'vitest'
import { memoryStorage, offlinePortico, testNetworks } from '../../test/fixtures.js'
import { hostConnector } from '../../test/hostConnector.js'
import type { AccountState, ConnectorConnection } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom, recentWalletsAtom } from './atoms.js'
import {
  applyConnection,
  markConnecting,
  markReconnectFailed,
  markReconnecting,
  onWalletEvent,
  resetAccount,
  resolveNetwork,
  restoreAccount,
  setActiveNetwork,
} from './connection.js'

// The connection state machine of one namespace, driven directly on a real instance: each
// transition, the wallet events a connected namespace follows, and what is persisted with them.
// The actions that call it (connect, reconnect, disconnect, switchNetwork) are tested beside
// themselves in kernel/actions/; reading the stored values back on load is hydrate.test.ts's.

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const solAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'
const { devnet, devnet2, solanaLocal } = testNetworks()

function setup() {
  const storage = memoryStorage()
  const portico = offlinePortico('p', { storage })
  const stored = (key: string) => {
    const raw = storage.data.get(`@portico/${key}`)
    return raw === undefined ? undefined : JSON.parse(raw)
  }
  const account = (namespace: ChainNamespace = 'eip155') => portico.store.get(accountsAtom)[namespace]
  return { portico, storage, stored, account }
}

const on = (
  namespace: ChainNamespace,
  accounts: readonly string[],
  caipNetworkId?: CaipNetworkId,
  extra: Partial<ConnectorConnection> = {},
): ConnectorConnection => ({ namespace, accounts, caipNetworkId, ...extra })

/** An instance with `wallet` connected on eip155 as `accounts` on devnet. */
function connected(accounts: readonly string[] = [alice]) {
  const context = setup()
  const wallet = hostConnector()
  applyConnection(context.portico, {
    connector: wallet.connector,
    connection: on('eip155', accounts, devnet.caipNetworkId),
    fallbackNetwork: devnet,
  })
  return { ...context, wallet }
}

test('behavior: a user connect moves a disconnected namespace to connecting and returns that state; a reconnect under way keeps it', () => {
  const { portico, account } = setup()
  expect(markConnecting(portico, 'eip155')).toEqual({ namespace: 'eip155', status: 'connecting' })
  expect(account()).toEqual({ namespace: 'eip155', status: 'connecting' })

  // The page-load reconnect is still asking its wallet: its answer settles the namespace.
  markReconnecting(portico, 'solana', { connectorId: 'Devnet Wallet' })
  expect(markConnecting(portico, 'solana')).toEqual({
    namespace: 'solana',
    status: 'reconnecting',
    connectorId: 'Devnet Wallet',
  })
})

test('behavior: a stored connection restores a disconnected namespace as reconnecting with its connector and address; an action under way wins', () => {
  const { portico, account } = setup()
  markReconnecting(portico, 'eip155', { connectorId: 'io.metamask', address: alice })
  expect(account()).toEqual({ namespace: 'eip155', status: 'reconnecting', connectorId: 'io.metamask', address: alice })

  markConnecting(portico, 'solana')
  markReconnecting(portico, 'solana', { connectorId: 'Devnet Wallet', address: solAddress })
  expect(account('solana')).toEqual({ namespace: 'solana', status: 'connecting' })
})

test('behavior: a failed restore ends disconnected without the restoring fields but keeps the stored connection', () => {
  const { portico, storage, account } = setup()
  storage.setItem('@portico/connected-connector:eip155', '"io.metamask"')
  markReconnecting(portico, 'eip155', { connectorId: 'io.metamask', address: alice })
  markReconnectFailed(portico, 'eip155')
  expect(account()).toEqual({ namespace: 'eip155', status: 'disconnected' })
  // It reconnects once the wallet is back.
  expect(storage.data.get('@portico/connected-connector:eip155')).toBe('"io.metamask"')
})

test('edge: a late reconnect failure leaves a namespace that is connecting or connected as it is', () => {
  const { portico, account } = connected()
  const before = account()
  markReconnectFailed(portico, 'eip155')
  expect(account()).toBe(before)
  markConnecting(portico, 'solana')
  markReconnectFailed(portico, 'solana')
  expect(account('solana')).toEqual({ namespace: 'solana', status: 'connecting' })
})

test('behavior: a failed or superseded attempt puts back exactly the state it started from', () => {
  const { portico, account } = connected()
  const before = account() as AccountState
  markConnecting(portico, 'eip155')
  expect(account()?.status).toBe('connecting')
  restoreAccount(portico, 'eip155', before)
  expect(account()).toBe(before)
})

test('behavior: a configured network id resolves to its network; an unknown one to a flagged Unknown Network of its namespace', () => {
  const { portico } = setup()
  expect(resolveNetwork(portico, devnet2.caipNetworkId)).toBe(
    portico.networks.find((n) => n.caipNetworkId === devnet2.caipNetworkId),
  )
  expect(resolveNetwork(portico, 'eip155:8453')).toEqual({
    id: 8453,
    caipNetworkId: 'eip155:8453',
    chainNamespace: 'eip155',
    name: 'Unknown Network',
    nativeCurrency: { name: 'Unknown', symbol: '', decimals: 18 },
    rpcUrls: { default: { http: [] } },
    unsupported: true,
  })
  // Only EVM references are numbers; the rest keep everything after the first colon.
  expect(resolveNetwork(portico, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toMatchObject({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana',
    unsupported: true,
  })
  expect(resolveNetwork(portico, 'bip122:000000000019d6689c085ae165831e93')).toMatchObject({
    id: '000000000019d6689c085ae165831e93',
    chainNamespace: 'bip122',
  })
})

test('behavior: selecting a network activates its namespace, moves the account address onto it and saves the choice', () => {
  const { portico, account, stored } = connected()
  portico.store.set(activeNamespaceAtom, 'solana')
  setActiveNetwork(portico, devnet2)
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet2.caipNetworkId)
  expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
  expect(account()).toMatchObject({
    address: alice,
    caipNetworkId: devnet2.caipNetworkId,
    caipAddress: `${devnet2.caipNetworkId}:${alice}`,
  })
  expect(stored('active-network')).toEqual({
    namespace: 'eip155',
    networks: { eip155: devnet2.caipNetworkId, solana: solanaLocal.caipNetworkId },
  })
})

test('edge: with activate false the active namespace stays; a namespace with no address gets no network fields', () => {
  const { portico, account } = setup()
  setActiveNetwork(portico, solanaLocal, { activate: false })
  expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
  expect(portico.store.get(activeNetworksAtom).solana?.caipNetworkId).toBe(solanaLocal.caipNetworkId)
  expect(account('solana')).toEqual({ namespace: 'solana', status: 'disconnected' })
})

test('default: a connection records the account, the wallet shown as the connector, an eoa account type, storage, a recent wallet and a subscription', () => {
  const { portico, wallet, account, stored } = connected([alice, bob])
  expect(account()).toEqual({
    namespace: 'eip155',
    status: 'connected',
    address: alice,
    addresses: [alice, bob],
    caipNetworkId: devnet.caipNetworkId,
    caipAddress: `${devnet.caipNetworkId}:${alice}`,
    connectorId: 'host',
    connector: wallet.connector,
    connectedWalletInfo: { name: 'Host Wallet', icon: wallet.connector.imageUrl, identifier: 'host' },
    preferredAccountType: 'eoa',
  })
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet.caipNetworkId)
  expect(stored('connected-connector:eip155')).toBe('host')
  expect(stored('connected-address:eip155')).toBe(alice)
  expect(portico.store.get(recentWalletsAtom)).toEqual([
    { id: 'host', namespace: 'eip155', name: 'Host Wallet', icon: wallet.connector.imageUrl },
  ])
  expect(wallet.subscribers()).toBe(1)
  expect(portico._internal.walletSubscriptions.has('eip155')).toBe(true)
})

test('behavior: the wallet info and account details the connection brings override the defaults', () => {
  const { portico, account } = setup()
  const wallet = hostConnector()
  applyConnection(portico, {
    connector: wallet.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId, {
      walletInfo: { name: 'Peer Wallet', icon: 'https://wallet.example/icon.png' },
      account: { preferredAccountType: 'smartAccount', socialProvider: 'github', smartAccountDeployed: false },
    }),
    fallbackNetwork: devnet,
  })
  expect(account()).toMatchObject({
    connectedWalletInfo: { name: 'Peer Wallet', icon: 'https://wallet.example/icon.png' },
    preferredAccountType: 'smartAccount',
    socialProvider: 'github',
    smartAccountDeployed: false,
  })
})

test('behavior: a wallet on a chain the app does not configure is connected on an Unknown Network; one that names no chain on the fallback', () => {
  const { portico, account } = setup()
  const evm = hostConnector()
  applyConnection(portico, {
    connector: evm.connector,
    connection: on('eip155', [alice], 'eip155:8453'),
    fallbackNetwork: devnet,
  })
  expect(account()).toMatchObject({ caipNetworkId: 'eip155:8453', caipAddress: `eip155:8453:${alice}` })
  expect(portico.store.get(activeNetworksAtom).eip155).toMatchObject({ name: 'Unknown Network', unsupported: true })

  const sol = hostConnector({ id: 'sol', chain: 'solana' })
  applyConnection(portico, {
    connector: sol.connector,
    connection: on('solana', [solAddress]),
    fallbackNetwork: solanaLocal,
  })
  expect(account('solana')).toMatchObject({
    status: 'connected',
    caipNetworkId: solanaLocal.caipNetworkId,
    caipAddress: `${solanaLocal.caipNetworkId}:${solAddress}`,
  })
  expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
})

test('behavior: the same wallet connecting again keeps what it told of its account; another wallet starts clean', () => {
  const { portico, account } = setup()
  const embedded = hostConnector({ id: 'embedded' })
  applyConnection(portico, {
    connector: embedded.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId, {
      account: { socialProvider: 'github', user: { email: 'a@example.com' } },
    }),
    fallbackNetwork: devnet,
  })
  applyConnection(portico, {
    connector: embedded.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId),
    fallbackNetwork: devnet,
  })
  expect(account()).toMatchObject({ socialProvider: 'github', user: { email: 'a@example.com' } })

  const other = hostConnector({ id: 'other' })
  applyConnection(portico, {
    connector: other.connector,
    connection: on('eip155', [bob], devnet.caipNetworkId),
    fallbackNetwork: devnet,
  })
  expect(account()).toMatchObject({ connectorId: 'other', address: bob })
  expect(account()).not.toHaveProperty('socialProvider')
  expect(account()).not.toHaveProperty('user')
  // The previous wallet no longer hears for the namespace: only the new one is subscribed.
  expect(embedded.subscribers()).toBe(0)
  expect(other.subscribers()).toBe(1)
})

test('behavior: another wallet taking the namespace does not inherit the previous account type', () => {
  const { portico, account } = setup()
  const embedded = hostConnector({ id: 'embedded' })
  applyConnection(portico, {
    connector: embedded.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId, { account: { preferredAccountType: 'smartAccount' } }),
    fallbackNetwork: devnet,
  })
  const other = hostConnector({ id: 'other' })
  applyConnection(portico, {
    connector: other.connector,
    connection: on('eip155', [bob], devnet.caipNetworkId),
    fallbackNetwork: devnet,
  })
  expect(account()?.preferredAccountType).toBe('eoa')
})

test('behavior: recent false records no recent wallet; a given entry is recorded instead of the connector', () => {
  const { portico } = setup()
  const wallet = hostConnector()
  applyConnection(portico, {
    connector: wallet.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId),
    fallbackNetwork: devnet,
    recent: false,
  })
  expect(portico.store.get(recentWalletsAtom)).toEqual([])
  applyConnection(portico, {
    connector: wallet.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId),
    fallbackNetwork: devnet,
    recent: { id: 'peer', namespace: 'eip155', name: 'Peer', walletConnect: true },
  })
  expect(portico.store.get(recentWalletsAtom)).toEqual([
    { id: 'peer', namespace: 'eip155', name: 'Peer', walletConnect: true },
  ])
})

test('error: a connection without accounts throws a TypeError and changes nothing', () => {
  const { portico, storage, account } = setup()
  const wallet = hostConnector()
  const before = account()
  expect(() =>
    applyConnection(portico, {
      connector: wallet.connector,
      connection: on('eip155', [], devnet.caipNetworkId),
      fallbackNetwork: devnet,
    }),
  ).toThrow(new TypeError('applyConnection needs at least one account'))
  expect(account()).toBe(before)
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(wallet.subscribers()).toBe(0)
})

test('behavior: the wallet switching accounts moves the address, the address list and the stored address', () => {
  const { portico, wallet, account, stored } = connected([alice])
  wallet.emit('eip155', { type: 'accountsChanged', accounts: [bob, alice] })
  expect(account()).toMatchObject({
    status: 'connected',
    address: bob,
    addresses: [bob, alice],
    caipAddress: `${devnet.caipNetworkId}:${bob}`,
  })
  expect(stored('connected-address:eip155')).toBe(bob)
  expect(stored('connected-connector:eip155')).toBe('host')
  // An account added behind the active one changes the list only.
  wallet.emit('eip155', { type: 'accountsChanged', accounts: [bob, alice, carol] })
  expect(account()).toMatchObject({ address: bob, addresses: [bob, alice, carol] })
  // The same accounts again: no write at all.
  const same = account()
  wallet.emit('eip155', { type: 'accountsChanged', accounts: [bob, alice, carol] })
  expect(account()).toBe(same)
  expect(portico.store.get(accountsAtom).eip155).toBe(same)
})

test('behavior: the wallet replacing a secondary account updates the address list', () => {
  const { wallet, account } = connected([alice, bob])
  wallet.emit('eip155', { type: 'accountsChanged', accounts: [alice, carol] })
  expect(account()?.addresses).toEqual([alice, carol])
})

test('behavior: a wallet reporting no accounts for the site is a disconnect', () => {
  const { portico, wallet, account, storage } = connected()
  wallet.emit('eip155', { type: 'accountsChanged', accounts: [] })
  expect(account()).toEqual({ namespace: 'eip155', status: 'disconnected' })
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(storage.data.has('@portico/connected-address:eip155')).toBe(false)
  expect(wallet.subscribers()).toBe(0)
  expect(portico._internal.walletSubscriptions.has('eip155')).toBe(false)
})

test('behavior: the wallet changing chain moves the namespace network; the same chain or another namespace chain is ignored', () => {
  const { portico, wallet, account } = connected()
  const networksBefore = portico.store.get(activeNetworksAtom)
  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: solanaLocal.caipNetworkId })
  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: devnet.caipNetworkId })
  expect(portico.store.get(activeNetworksAtom)).toBe(networksBefore)

  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: devnet2.caipNetworkId })
  expect(account()).toMatchObject({
    caipNetworkId: devnet2.caipNetworkId,
    caipAddress: `${devnet2.caipNetworkId}:${alice}`,
  })
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet2.caipNetworkId)

  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: 'eip155:8453' })
  expect(portico.store.get(activeNetworksAtom).eip155).toMatchObject({ name: 'Unknown Network', unsupported: true })
})

test('behavior: a chain change on a namespace the app is not acting on does not take the active namespace', () => {
  const { portico, wallet } = connected()
  portico.store.set(activeNamespaceAtom, 'solana')
  wallet.emit('eip155', { type: 'chainChanged', caipNetworkId: devnet2.caipNetworkId })
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet2.caipNetworkId)
  expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
})

test('behavior: the wallet disconnecting resets the namespace, forgets the stored connection and unsubscribes', () => {
  const { portico, wallet, account, storage } = connected()
  wallet.emit('eip155', { type: 'disconnect' })
  expect(account()).toEqual({ namespace: 'eip155', status: 'disconnected' })
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  expect(wallet.subscribers()).toBe(0)
  expect(portico._internal.walletSubscriptions.has('eip155')).toBe(false)
})

test('edge: wallet events for a namespace that is not connected change nothing', () => {
  const { portico, account } = setup()
  markConnecting(portico, 'eip155')
  const before = portico.store.get(accountsAtom)
  onWalletEvent(portico, 'eip155', { type: 'accountsChanged', accounts: [alice] })
  onWalletEvent(portico, 'eip155', { type: 'chainChanged', caipNetworkId: devnet2.caipNetworkId })
  onWalletEvent(portico, 'eip155', { type: 'disconnect' })
  onWalletEvent(portico, 'solana', { type: 'disconnect' })
  expect(portico.store.get(accountsAtom)).toBe(before)
  expect(account()?.status).toBe('connecting')
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet.caipNetworkId)
})

test('behavior: a reset leaving an Unknown Network goes back to a configured network of the namespace, without activating it', () => {
  const { portico, account } = setup()
  const evm = hostConnector()
  applyConnection(portico, {
    connector: evm.connector,
    connection: on('eip155', [alice], 'eip155:8453'),
    fallbackNetwork: devnet,
  })
  portico.store.set(activeNamespaceAtom, 'solana')
  resetAccount(portico, 'eip155')
  expect(account()).toEqual({ namespace: 'eip155', status: 'disconnected' })
  expect(portico.store.get(activeNetworksAtom).eip155?.caipNetworkId).toBe(devnet.caipNetworkId)
  expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
})

test('behavior: resetting the active namespace moves to one still connected, or with none to the default namespace', () => {
  const { portico } = setup()
  const evm = hostConnector()
  const sol = hostConnector({ id: 'sol', chain: 'solana' })
  applyConnection(portico, {
    connector: sol.connector,
    connection: on('solana', [solAddress], solanaLocal.caipNetworkId),
    fallbackNetwork: solanaLocal,
  })
  applyConnection(portico, {
    connector: evm.connector,
    connection: on('eip155', [alice], devnet.caipNetworkId),
    fallbackNetwork: devnet,
  })
  expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
  resetAccount(portico, 'eip155')
  expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
  resetAccount(portico, 'solana')
  expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
  // A namespace that is not the active one is reset without moving the app.
  applyConnection(portico, {
    connector: sol.connector,
    connection: on('solana', [solAddress], solanaLocal.caipNetworkId),
    fallbackNetwork: solanaLocal,
  })
  portico.store.set(activeNamespaceAtom, 'solana')
  resetAccount(portico, 'eip155')
  expect(portico.store.get(activeNamespaceAtom)).toBe('solana')
})
