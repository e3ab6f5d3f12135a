import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { reconnect } from '../../kernel/actions/reconnect.js'
import type { Connection } from '../../kernel/types.js'
import { memoryStorage } from '../../test/fixtures.js'
import {
  alphaAddress,
  betaAddress,
  multiWalletInstance,
  startedMultiWallet,
  summary,
  twoWallets,
} from '../../test/multiWallet.js'
import { getConnections } from './getConnections.js'
import { switchConnection } from './switchConnection.js'

afterEach(() => {
  vi.restoreAllMocks()
})

test('behavior: with multiWallet on, a second wallet joins the first, which stays connected', async () => {
  const portico = await startedMultiWallet(twoWallets())
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(getConnections(portico))).toEqual([
    { connectorId: 'beta', status: 'active', account: betaAddress },
    { connectorId: 'alpha', status: 'connected', account: alphaAddress },
  ])
  expect(getConnection(portico).address?.toLowerCase()).toBe(betaAddress)
  expect(getConnections(portico)).toBe(getConnections(portico))
})

test('behavior: the list starts with the active connection; switching moves the new one to the top, the others keep the order they were made', async () => {
  const storage = memoryStorage()
  const portico = await startedMultiWallet(twoWallets(), { storage })
  expect(getConnections(portico)).toEqual([])
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  expect(summary(getConnections(portico)).map((c) => c.connectorId)).toEqual(['alpha'])
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(getConnections(portico)).map((c) => [c.connectorId, c.status])).toEqual([
    ['beta', 'active'],
    ['alpha', 'connected'],
  ])
  // Stored in the order they were made: only what readers get is ordered.
  expect(JSON.parse(storage.data.get('@portico/connections') ?? '[]')).toMatchObject([
    { connectorId: 'alpha', status: 'connected' },
    { connectorId: 'beta', status: 'active' },
  ])
  const [, alpha] = getConnections(portico)
  await switchConnection(portico, { connection: alpha as Connection })
  expect(summary(getConnections(portico)).map((c) => [c.connectorId, c.status])).toEqual([
    ['alpha', 'active'],
    ['beta', 'connected'],
  ])
})

test('behavior: the list is persisted under @portico/ and both wallets come back on reload, the active one active', async () => {
  const wallets = twoWallets()
  const storage = memoryStorage()
  const before = await startedMultiWallet(wallets, { storage })
  await connect(before, { connectorId: 'beta', namespace: 'eip155' })
  await connect(before, { connectorId: 'alpha', namespace: 'eip155' })
  expect(JSON.parse(storage.data.get('@portico/connections') ?? '[]')).toMatchObject([
    { connectorId: 'beta', status: 'connected' },
    { connectorId: 'alpha', status: 'active' },
  ])

  const after = multiWalletInstance(wallets, { storage })
  await reconnect(after)
  await vi.waitFor(
    () =>
      expect(summary(getConnections(after))).toEqual([
        { connectorId: 'alpha', status: 'active', account: alphaAddress },
        { connectorId: 'beta', status: 'connected', account: betaAddress },
      ]),
    { timeout: 15_000 },
  )
  expect(getConnection(after).connectorId).toBe('alpha')
})

test('behavior: a stored wallet that no longer authorises the site comes back disconnected', async () => {
  const wallets = twoWallets()
  const storage = memoryStorage()
  const before = await startedMultiWallet(wallets, { storage })
  await connect(before, { connectorId: 'beta', namespace: 'eip155' })
  await connect(before, { connectorId: 'alpha', namespace: 'eip155' })
  await wallets.beta.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })

  const after = multiWalletInstance(wallets, { storage })
  await reconnect(after)
  await vi.waitFor(
    () => expect(summary(getConnections(after)).map((c) => c.status)).toEqual(['active', 'disconnected']),
    { timeout: 15_000 },
  )
})

test('behavior: a stored entry that is not a connection is ignored with a warning, the others restored', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const good = { namespace: 'eip155', connectorId: 'alpha', accounts: [alphaAddress], name: 'Alpha', status: 'active' }
  const storage = memoryStorage({
    '@portico/connections': JSON.stringify([
      { ...good, connectorId: 'beta', status: 'sleeping' },
      'not an object',
      good,
    ]),
  })
  const portico = multiWalletInstance(twoWallets(), { storage })
  expect(getConnections(portico).map((c) => c.connectorId)).toEqual(['alpha'])
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Invalid connection status'))
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not have the expected shape'))
})

test('behavior: a stored embedded wallet keeps its login (name and how it was made); a login kind that is not one drops the entry', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const login = {
    namespace: 'eip155',
    connectorId: 'alpha',
    accounts: [alphaAddress],
    name: 'Email wallet',
    authName: 'me@example.com',
    authProvider: 'email',
    status: 'disconnected',
  }
  const storage = memoryStorage({
    '@portico/connections': JSON.stringify([
      { ...login, connectorId: 'beta', authProvider: '<script>' },
      login,
      // A kind without a login name is meaningless: the name is what the login is asked again for.
      { ...login, namespace: 'solana', authName: undefined },
    ]),
  })
  const portico = multiWalletInstance(twoWallets(), { storage })
  const restored = getConnections(portico)
  expect(restored.map((c) => [c.namespace, c.connectorId, c.authName, c.authProvider])).toEqual([
    ['eip155', 'alpha', 'me@example.com', 'email'],
    ['solana', 'alpha', undefined, undefined],
  ])
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not have the expected shape'))
})

test('behavior: storage that is not JSON at all is discarded with a warning, never a crash', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const storage = memoryStorage({ '@portico/connections': '{not json' })
  const portico = multiWalletInstance(twoWallets(), { storage })
  expect(getConnections(portico)).toEqual([])
  expect(warn).toHaveBeenCalled()
  expect(storage.data.has('@portico/connections')).toBe(false)
})

test('behavior: with multiWallet off, connecting another wallet replaces the first and nothing extra is stored', async () => {
  const storage = memoryStorage()
  const portico = multiWalletInstance(twoWallets(), { storage, multiWallet: false })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  expect(summary(getConnections(portico))).toEqual([{ connectorId: 'alpha', status: 'active', account: alphaAddress }])
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(getConnections(portico))).toEqual([{ connectorId: 'beta', status: 'active', account: betaAddress }])
  expect(storage.data.has('@portico/connections')).toBe(false)
  await disconnect(portico)
  expect(getConnection(portico).status).toBe('disconnected')
  expect(getConnections(portico)).toEqual([])
})
