// The wallets feature's registration: the kernel loads this module with an instance whose local
// `multiWallet` option is on and calls `start`, which starts the list of connections (that the
// kernel does so, and does not with the flag off, is in connections.test.ts). Here `start` is
// called on an instance the kernel left alone (flag off), and the list is read from the
// instance's store, since its readers (getConnections, watchConnections) would start it on their own.
import { expect, test } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { featureLoaders } from '../../kernel/featureLoaders.js'
import { alphaAddress, betaAddress, multiWalletInstance, summary, twoWallets } from '../../test/multiWallet.js'
import { connectionsAtom, getWalletsState } from './connections.js'
import { lifecycle } from './lifecycle.js'

/** An instance with the flag off, once the loaders it started at creation are done (none starts the list). */
async function unstartedInstance() {
  const portico = multiWalletInstance(twoWallets(), { multiWallet: false })
  await featureLoaders.wallets()
  expect(getWalletsState(portico).started).toBe(false)
  return portico
}

test('behavior: start takes in the wallet already connected and follows the kernel from then on', async () => {
  const portico = await unstartedInstance()
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  expect(portico.store.get(connectionsAtom)).toEqual([])
  lifecycle.start(portico)
  expect(getWalletsState(portico).started).toBe(true)
  expect(summary(portico.store.get(connectionsAtom))).toEqual([
    { connectorId: 'alpha', status: 'active', account: alphaAddress },
  ])
  // With the flag off, another connect replaces the namespace's wallet in the list too.
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(portico.store.get(connectionsAtom))).toEqual([
    { connectorId: 'beta', status: 'active', account: betaAddress },
  ])
  await disconnect(portico)
  expect(portico.store.get(connectionsAtom)).toEqual([])
})

test('behavior: start hands the kernel its one-wallet disconnect, once per instance', async () => {
  const portico = await unstartedInstance()
  expect(portico._internal.disconnectConnection).toBeUndefined()
  lifecycle.start(portico)
  const hook = portico._internal.disconnectConnection
  expect(hook).toBeTypeOf('function')
  lifecycle.start(portico)
  expect(portico._internal.disconnectConnection).toBe(hook)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  const [alpha] = portico.store.get(connectionsAtom)
  if (!alpha) throw new Error('alpha is not in the list')
  await disconnect(portico, { connection: alpha })
  expect(portico.store.get(connectionsAtom)).toEqual([])
})
