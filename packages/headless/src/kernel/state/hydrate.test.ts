import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { getConnection } from '../actions/getConnection.js'
import { getNetwork } from '../actions/getNetwork.js'
import { createPortico } from '../createPortico.js'
import { recentWalletsAtom } from './atoms.js'
import { addRecentWallet } from './persistence.js'

const { solanaLocal, devnet2, all } = testNetworks()
const create = (storage: ReturnType<typeof memoryStorage>) =>
  // `ssr: false`: storage is read while creating, so the tests can inspect it without initialize().
  createPortico({ projectId: 'p', networks: all, adapters: testAdapters(), storage, ssr: false })

afterEach(() => vi.restoreAllMocks())

test('default: a persisted connector means status reconnecting on load', () => {
  const storage = memoryStorage({
    '@portico/connected-connector:eip155': JSON.stringify('dev.portico.devnet'),
    '@portico/active-network': JSON.stringify({
      namespace: 'solana',
      networks: { eip155: 'eip155:31338', solana: solanaLocal.caipNetworkId },
    }),
    '@portico/recent-wallets': JSON.stringify([
      { id: 'dev.portico.devnet', namespace: 'eip155', name: 'Devnet Wallet' },
    ]),
  })
  const portico = create(storage)
  expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({
    status: 'reconnecting',
    connectorId: 'dev.portico.devnet',
  })
  expect(getConnection(portico, { namespace: 'solana' }).status).toBe('disconnected')
  expect(getNetwork(portico).network).toBe(solanaLocal)
  expect(getNetwork(portico, { namespace: 'eip155' }).network).toBe(devnet2)
  expect(portico.store.get(recentWalletsAtom)).toEqual([
    { id: 'dev.portico.devnet', namespace: 'eip155', name: 'Devnet Wallet' },
  ])
})

test.each([
  ['not JSON', '@portico/connected-connector:eip155', '{oops'],
  ['wrong type', '@portico/connected-connector:eip155', '42'],
  ['empty id', '@portico/connected-connector:eip155', '""'],
  ['active network not an object', '@portico/active-network', '"eip155:1"'],
  ['active network unknown namespace', '@portico/active-network', JSON.stringify({ namespace: 'tron', networks: {} })],
  ['recent wallets not a list', '@portico/recent-wallets', '{"id":1}'],
  ['recent wallet missing name', '@portico/recent-wallets', JSON.stringify([{ id: 'a', namespace: 'eip155' }])],
])('behavior: corrupt storage (%s) is discarded with a warning, never a crash', (_, key, value) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ [key]: value })
  const portico = create(storage)
  expect(storage.data.has(key)).toBe(false)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining(`Discarded the stored value of ${key}`))
  expect(getConnection(portico).status).toBe('disconnected')
  expect(portico.store.get(recentWalletsAtom)).toEqual([])
})

test('behavior: foreign but well-formed values are ignored', () => {
  const storage = memoryStorage({
    // A network this app does not configure, and a namespace it has no adapter for.
    '@portico/active-network': JSON.stringify({ namespace: 'cosmos', networks: { eip155: 'eip155:1' } }),
    '@portico/recent-wallets': JSON.stringify([
      { id: 'keplr', namespace: 'cosmos', name: 'Keplr' },
      { id: 'x', namespace: 'eip155', name: 'X', icon: 'javascript:alert(1)' },
    ]),
    '@portico/connected-connector:cosmos': JSON.stringify('keplr'),
  })
  const portico = create(storage)
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
  expect(portico.store.get(recentWalletsAtom)).toEqual([{ id: 'x', namespace: 'eip155', name: 'X', icon: undefined }])
})

test('behavior: storage that throws degrades to no persistence', () => {
  const storage = {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
    removeItem: () => {
      throw new Error('SecurityError')
    },
  }
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = createPortico({ projectId: 'p', networks: all, adapters: testAdapters(), storage })
  expect(getConnection(portico).status).toBe('disconnected')
  expect(() => addRecentWallet(portico, { id: 'a', namespace: 'eip155', name: 'A' })).not.toThrow()
})

test('behavior: recent wallets keep the two most recent, deduplicated, unsafe icons dropped', () => {
  const storage = memoryStorage()
  const portico = create(storage)
  addRecentWallet(portico, { id: 'a', namespace: 'eip155', name: 'A', icon: 'data:image/png;base64,AA==' })
  addRecentWallet(portico, { id: 'b', namespace: 'eip155', name: 'B', icon: 'javascript:alert(1)' })
  addRecentWallet(portico, { id: 'a', namespace: 'eip155', name: 'A' })
  addRecentWallet(portico, { id: 'c', namespace: 'solana', name: 'C' })
  expect(portico.store.get(recentWalletsAtom).map((w) => w.id)).toEqual(['c', 'a'])
  expect(JSON.parse(storage.data.get('@portico/recent-wallets') ?? '')).toEqual([
    { id: 'c', namespace: 'solana', name: 'C' },
    { id: 'a', namespace: 'eip155', name: 'A' },
  ])
  addRecentWallet(portico, { id: 'b', namespace: 'eip155', name: 'B', icon: 'javascript:alert(1)' })
  expect(portico.store.get(recentWalletsAtom)[0]).toEqual({ id: 'b', namespace: 'eip155', name: 'B' })
})

test('behavior: the saved address shows while restoring; a malformed one is dropped with a warning', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const portico = create(
    memoryStorage({
      '@portico/connected-connector:eip155': JSON.stringify('dev.portico.devnet'),
      '@portico/connected-address:eip155': JSON.stringify(address),
    }),
  )
  expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({
    status: 'reconnecting',
    address,
    addresses: [address],
    caipAddress: `eip155:31337:${address}`,
  })
  // Actions still wait for the wallet: no connector until it answers.
  expect(getConnection(portico, { namespace: 'eip155' }).connector).toBeUndefined()
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({
    '@portico/connected-connector:eip155': JSON.stringify('dev.portico.devnet'),
    '@portico/connected-address:eip155': JSON.stringify('<img src=x>'),
  })
  const tampered = create(storage)
  expect(getConnection(tampered, { namespace: 'eip155' }).status).toBe('reconnecting')
  expect(getConnection(tampered, { namespace: 'eip155' }).address).toBeUndefined()
  expect(warn).toHaveBeenCalledTimes(1)
  expect(storage.data.has('@portico/connected-address:eip155')).toBe(false)
})
