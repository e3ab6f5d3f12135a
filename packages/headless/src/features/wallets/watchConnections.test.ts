import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { featuresAtom } from '../../kernel/state/atoms.js'
import type { Connection } from '../../kernel/types.js'
import { multiWalletInstance, startedMultiWallet, twoWallets } from '../../test/multiWallet.js'
import { watchConnections } from './watchConnections.js'

test('default: onChange gets the list as wallets connect', async () => {
  const portico = await startedMultiWallet(twoWallets())
  const seen: (readonly Connection[])[] = []
  const unwatch = watchConnections(portico, { onChange: (connections) => seen.push(connections) })
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  unwatch()
  // The active wallet heads the list.
  expect(seen.at(-1)?.map((c) => [c.connectorId, c.status])).toEqual([
    ['beta', 'active'],
    ['alpha', 'connected'],
  ])
})

test("behavior: when the remote configuration turns multiWallet off, a subscriber gets 'Multi-Wallet Not Enabled' once", async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  const portico = await startedMultiWallet(twoWallets())
  const notEnabled = () => portico.alerts.history().filter((a) => a.code === 'MULTI_WALLET_NOT_ENABLED')
  const unwatch = watchConnections(portico, { onChange: () => {} })
  expect(notEnabled()).toHaveLength(0)
  portico.store.set(featuresAtom, { ...(portico.store.get(featuresAtom) as object), multiWallet: false } as never)
  const again = watchConnections(portico, { onChange: () => {} })
  expect(notEnabled()).toEqual([expect.objectContaining({ severity: 'info', message: 'Multi-Wallet Not Enabled' })])
  unwatch()
  again()
})

test('behavior: subscribing with multiWallet off shows the info alert', () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  const portico = multiWalletInstance(twoWallets(), { multiWallet: false })
  const unwatch = watchConnections(portico, { onChange: () => {} })
  expect(portico.alerts.history().map((a) => a.message)).toContain('Multi-Wallet Not Enabled')
  unwatch()
})
