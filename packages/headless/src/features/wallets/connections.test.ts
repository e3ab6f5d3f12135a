import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Connection } from '../../kernel/types.js'
import {
  alphaAddress,
  betaAddress,
  multiWalletInstance,
  startedMultiWallet,
  summary,
  twoWallets,
} from '../../test/multiWallet.js'
import { getWalletsState } from './connections.js'
import { getConnections } from './getConnections.js'

test('behavior: with multiWallet on the list follows the instance from its creation: a wallet connected and replaced before anything read the list is still in it', async () => {
  const portico = multiWalletInstance(twoWallets())
  // The kernel loads the feature with the instance; no reader has asked for the list.
  await vi.waitFor(() => expect(getWalletsState(portico).started).toBe(true))
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(getConnections(portico))).toEqual([
    { connectorId: 'beta', status: 'active', account: betaAddress },
    { connectorId: 'alpha', status: 'connected', account: alphaAddress },
  ])
})

test('behavior: with multiWallet off the kernel does not start the list', async () => {
  const portico = multiWalletInstance(twoWallets(), { multiWallet: false })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  // The connect is later than the loaders the instance started at creation.
  await (await import('../../kernel/featureLoaders.js')).featureLoaders.wallets()
  expect(getWalletsState(portico).started).toBe(false)
})

test('behavior: disconnect({ connection }) of a wallet that is not active leaves the active one', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  const beta = getConnections(portico).find((c) => c.connectorId === 'beta') as Connection
  await disconnect(portico, { connection: beta })
  expect(summary(getConnections(portico))).toEqual([{ connectorId: 'alpha', status: 'active', account: alphaAddress }])
  expect(getConnection(portico).connectorId).toBe('alpha')
  // The wallet itself forgot the site.
  expect(await wallets.beta.provider.request({ method: 'eth_accounts' })).toEqual([])
})

test('behavior: disconnecting the active wallet hands its namespace to the next connected one', async () => {
  const portico = await startedMultiWallet(twoWallets())
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  const active = getConnections(portico).find((c) => c.status === 'active') as Connection
  expect(active.connectorId).toBe('beta')
  await disconnect(portico, { connection: active })
  await vi.waitFor(() => expect(getConnection(portico).connectorId).toBe('alpha'), { timeout: 15_000 })
  expect(summary(getConnections(portico))).toEqual([{ connectorId: 'alpha', status: 'active', account: alphaAddress }])
})

test('behavior: a wallet that ends its session leaves the list, the next one takes over', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  wallets.beta.disconnectFromWallet()
  await vi.waitFor(() => expect(getConnection(portico).connectorId).toBe('alpha'), { timeout: 15_000 })
  await vi.waitFor(() =>
    expect(summary(getConnections(portico)).map((c) => [c.connectorId, c.status])).toEqual([['alpha', 'active']]),
  )
})
