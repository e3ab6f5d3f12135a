import { expect, test } from 'vitest'
import { memoryStorage, offlinePortico, testNetworks } from '../../test/fixtures.js'
import { activeNamespaceAtom, activeNetworksAtom, type RecentWallet, recentWalletsAtom } from './atoms.js'
import { resolveNetwork } from './connection.js'
import {
  activeNetworkSchema,
  addRecentWallet,
  connectedAddressSchema,
  connectedConnectorSchema,
  recentWalletsSchema,
  saveActiveNetworks,
  saveConnectedConnector,
} from './persistence.js'

// What Portico writes to its storage and the shapes it reads back with. Reading corrupt or
// foreign values on load is hydrate.test.ts's; the cookie round trip is cookieStorage.test.ts's.

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = 'FfAhSVW1b1rZdyLnTwT2N4SqMyGAhQK7Lb2zaUFhDDXJ'

function setup() {
  const storage = memoryStorage()
  const portico = offlinePortico('p', { storage })
  const stored = (key: string) => {
    const raw = storage.data.get(`@portico/${key}`)
    return raw === undefined ? undefined : JSON.parse(raw)
  }
  return { portico, storage, stored }
}

test('default: the connected connector and its address are stored as JSON under the namespace keys', () => {
  const { portico, storage } = setup()
  saveConnectedConnector(portico, 'solana', 'Devnet Wallet', solanaAddress)
  expect(Object.fromEntries(storage.data)).toEqual({
    '@portico/connected-connector:solana': '"Devnet Wallet"',
    '@portico/connected-address:solana': `"${solanaAddress}"`,
  })
  // Read back through the shapes hydrate uses.
  expect(portico.storage.get('connected-connector:solana', connectedConnectorSchema)).toBe('Devnet Wallet')
  expect(portico.storage.get('connected-address:solana', connectedAddressSchema)).toBe(solanaAddress)
})

test('behavior: a connector saved without an address clears the old address; no connector clears both', () => {
  const { portico, storage, stored } = setup()
  saveConnectedConnector(portico, 'eip155', 'io.metamask', evmAddress)
  saveConnectedConnector(portico, 'solana', 'Devnet Wallet', solanaAddress)
  // A reconnect that has no address yet must not leave the previous account to be shown.
  saveConnectedConnector(portico, 'eip155', 'io.rabby')
  expect(stored('connected-connector:eip155')).toBe('io.rabby')
  expect(storage.data.has('@portico/connected-address:eip155')).toBe(false)
  saveConnectedConnector(portico, 'eip155', undefined)
  expect(storage.data.has('@portico/connected-connector:eip155')).toBe(false)
  // An address alone (no connector to restore it with) is never stored.
  saveConnectedConnector(portico, 'eip155', undefined, evmAddress)
  saveConnectedConnector(portico, 'eip155', '', evmAddress)
  expect([...storage.data.keys()].filter((k) => k.endsWith(':eip155'))).toEqual([])
  // The other namespace was never touched.
  expect(stored('connected-address:solana')).toBe(solanaAddress)
})

test('behavior: the active namespace and each namespace network are saved; an Unknown Network the wallet moved to is left out', () => {
  const { portico, stored } = setup()
  const { solanaLocal } = testNetworks()
  portico.store.set(activeNetworksAtom, {
    eip155: resolveNetwork(portico, 'eip155:999'),
    solana: portico.networks.find((n) => n.caipNetworkId === solanaLocal.caipNetworkId),
  })
  portico.store.set(activeNamespaceAtom, 'eip155')
  saveActiveNetworks(portico)
  expect(stored('active-network')).toEqual({ namespace: 'eip155', networks: { solana: solanaLocal.caipNetworkId } })
  // What was saved passes the shape it is read back with.
  expect(portico.storage.get('active-network', activeNetworkSchema)).toEqual(stored('active-network'))
})

test('edge: with no active namespace nothing is saved, and the stored choice stays', () => {
  const { portico, storage } = setup()
  saveActiveNetworks(portico)
  const before = storage.data.get('@portico/active-network')
  expect(JSON.parse(before ?? '')).toEqual({
    namespace: 'eip155',
    networks: { eip155: 'eip155:31337', solana: testNetworks().solanaLocal.caipNetworkId },
  })
  portico.store.set(activeNamespaceAtom, undefined)
  portico.store.set(activeNetworksAtom, {})
  saveActiveNetworks(portico)
  expect(storage.data.get('@portico/active-network')).toBe(before)
})

test('behavior: a recent wallet keeps only its own fields: a safe icon, a well-formed imageId, walletConnect only when true', () => {
  const { portico, stored } = setup()
  addRecentWallet(portico, {
    id: 'io.example',
    namespace: 'eip155',
    name: 'Example',
    icon: 'https://example.com/icon.png',
    imageId: '../../etc/passwd',
    walletConnect: false,
    // What a caller might spread in from a connector: never persisted.
    provider: { request() {} },
    rdns: 'io.example',
  } as RecentWallet)
  addRecentWallet(portico, {
    id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
    namespace: 'eip155',
    name: 'MetaMask',
    icon: 'javascript:alert(1)',
    imageId: 'eebe4a7f-7166-402f-92e0-1f64ca2aa800',
    walletConnect: true,
  })
  const expected = [
    {
      id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
      namespace: 'eip155',
      name: 'MetaMask',
      imageId: 'eebe4a7f-7166-402f-92e0-1f64ca2aa800',
      walletConnect: true,
    },
    { id: 'io.example', namespace: 'eip155', name: 'Example', icon: 'https://example.com/icon.png' },
  ]
  expect(portico.store.get(recentWalletsAtom)).toEqual(expected)
  expect(stored('recent-wallets')).toEqual(expected)
  expect(recentWalletsSchema().safeParse(stored('recent-wallets'))).toEqual({ success: true, data: expected })
})

test('behavior: one id on two namespaces is two wallets, unless both came over WalletConnect (one directory wallet)', () => {
  const { portico } = setup()
  const ids = () => portico.store.get(recentWalletsAtom).map((w) => `${w.namespace}:${w.id}`)
  addRecentWallet(portico, { id: 'phantom', namespace: 'eip155', name: 'Phantom' })
  addRecentWallet(portico, { id: 'phantom', namespace: 'solana', name: 'Phantom' })
  expect(ids()).toEqual(['solana:phantom', 'eip155:phantom'])
  addRecentWallet(portico, { id: 'directory-id', namespace: 'eip155', name: 'Trust', walletConnect: true })
  addRecentWallet(portico, { id: 'directory-id', namespace: 'solana', name: 'Trust', walletConnect: true })
  expect(ids()).toEqual(['solana:directory-id', 'solana:phantom'])
  // An installed wallet with the id of a directory wallet is not the directory wallet.
  addRecentWallet(portico, { id: 'directory-id', namespace: 'eip155', name: 'Trust' })
  expect(ids()).toEqual(['eip155:directory-id', 'solana:directory-id'])
})

test.each([
  ['connector id', connectedConnectorSchema, ['a', 'x'.repeat(256)], ['', 'x'.repeat(257), 1, null]],
  [
    'address',
    connectedAddressSchema,
    [evmAddress, solanaAddress, 'a'.repeat(128), 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'],
    ['', 'a'.repeat(129), 'a b', '<img src=x>', `eip155:1:${evmAddress}`],
  ],
  [
    'active network',
    activeNetworkSchema,
    [
      { namespace: 'bip122', networks: {} },
      { namespace: 'eip155', networks: { eip155: 'eip155:1' } },
    ],
    [
      { namespace: 'eip155' },
      { namespace: 'eip155', networks: { eip155: 'x'.repeat(101) } },
      { namespace: 'eip155', networks: { tron: 'tron:1' } },
      { namespace: 'eip155', networks: ['eip155:1'] },
    ],
  ],
  [
    'recent wallets',
    recentWalletsSchema,
    [[], Array.from({ length: 20 }, (_, i) => ({ id: `w${i}`, namespace: 'solana', name: 'W' }))],
    [
      Array.from({ length: 21 }, (_, i) => ({ id: `w${i}`, namespace: 'solana', name: 'W' })),
      [{ id: 'w', namespace: 'solana', name: 'W', imageId: 'a b' }],
      [{ id: 'w', namespace: 'solana', name: 'W', walletConnect: 'yes' }],
      [{ id: 'w', namespace: 'tron', name: 'W' }],
    ],
  ],
] as const)(
  'behavior: the stored %s shape accepts what Portico writes and refuses the rest',
  (_, schema, good, bad) => {
    for (const value of good) expect(schema().safeParse(value).success, JSON.stringify(value)).toBe(true)
    for (const value of bad) expect(schema().safeParse(value).success, JSON.stringify(value)).toBe(false)
    // Built on first use, then the same check every time.
    expect(schema()).toBe(schema())
  },
)
