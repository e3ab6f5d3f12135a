import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Connection } from '../../kernel/types.js'
import { memoryStorage } from '../../test/fixtures.js'
import {
  alphaAddress,
  betaAddress,
  betaSecondAddress,
  multiWalletInstance,
  startedMultiWallet,
  summary,
  twoWallets,
  withProviderMethods,
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

test('behavior: the active wallet that ends its session leaves the list, the next one takes over', async () => {
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

test('behavior: a wallet in the background that ends its session is listed as disconnected at once (as a reload would find it), the active one untouched', async () => {
  const wallets = twoWallets()
  const storage = memoryStorage()
  const portico = await startedMultiWallet(wallets, { storage })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  wallets.beta.disconnectFromWallet()
  await vi.waitFor(() =>
    expect(summary(getConnections(portico))).toEqual([
      { connectorId: 'alpha', status: 'active', account: alphaAddress },
      { connectorId: 'beta', status: 'disconnected', account: betaAddress },
    ]),
  )
  expect(getConnection(portico).connectorId).toBe('alpha')
  // Stored so: the next page shows it disconnected without asking the wallet.
  const reloaded = await startedMultiWallet(wallets, { storage })
  await vi.waitFor(() => expect(getConnection(reloaded).connectorId).toBe('alpha'))
  expect(getConnections(reloaded).find((c) => c.connectorId === 'beta')?.status).toBe('disconnected')
})

test('behavior: a wallet in the background that switches account is listed with its new account, and switching to it asks nothing', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  wallets.beta.setAccount(1)
  await vi.waitFor(() =>
    expect(
      getConnections(portico)
        .find((c) => c.connectorId === 'beta')
        ?.accounts[0]?.toLowerCase(),
    ).toBe(betaSecondAddress),
  )
  expect(getConnection(portico).address?.toLowerCase()).toBe(alphaAddress)
})

test('behavior: the wallet taken back from the background is followed by the kernel only: its session ending hands the namespace over once', async () => {
  const wallets = twoWallets()
  const portico = await startedMultiWallet(wallets)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  // Alpha went to the background and comes back: the list no longer follows it itself.
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  wallets.alpha.disconnectFromWallet()
  await vi.waitFor(() =>
    expect(summary(getConnections(portico))).toEqual([{ connectorId: 'beta', status: 'active', account: betaAddress }]),
  )
  expect(getConnection(portico).connectorId).toBe('beta')
})

test('behavior: after a reload a wallet in the background is followed once it said it still authorises the site: its later session end marks it disconnected', async () => {
  const wallets = twoWallets()
  const storage = memoryStorage()
  const first = await startedMultiWallet(wallets, { storage })
  await connect(first, { connectorId: 'beta', namespace: 'eip155' })
  await connect(first, { connectorId: 'alpha', namespace: 'eip155' })

  const portico = await startedMultiWallet(wallets, { storage })
  await vi.waitFor(() => expect(getConnection(portico).connectorId).toBe('alpha'))
  const accountsAsked = () => wallets.beta.requests.filter((r) => r.method === 'eth_accounts').length
  await vi.waitFor(() => expect(accountsAsked()).toBeGreaterThan(0))
  await vi.waitFor(() => expect(getWalletsState(portico).followed.size).toBe(1))
  wallets.beta.disconnectFromWallet()
  await vi.waitFor(() =>
    expect(summary(getConnections(portico)).map((c) => [c.connectorId, c.status])).toEqual([
      ['alpha', 'active'],
      ['beta', 'disconnected'],
    ]),
  )
})

test('error: a wallet whose events cannot be listened to (its `on` throws) still connects, is switched away from and back, with one warning each time it is listened to', async () => {
  const wallets = twoWallets()
  const fail = () => {
    throw new Error('no events here')
  }
  const throwing = withProviderMethods(wallets.beta, { on: fail, removeListener: fail })
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = await startedMultiWallet({ ...wallets, beta: throwing })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(getConnection(portico)).toMatchObject({ connectorId: 'beta', status: 'connected' })
  // Beta goes to the background (the list listens to it), then comes back (the kernel does).
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  expect(summary(getConnections(portico))).toEqual([
    { connectorId: 'beta', status: 'active', account: betaAddress },
    { connectorId: 'alpha', status: 'connected', account: alphaAddress },
  ])
  expect(warn.mock.calls.filter(([m]) => m === '[portico] Cannot listen to the wallet')).toHaveLength(3)
})
