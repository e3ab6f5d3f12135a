import { expect, test } from 'vitest'
import { defaultConnectorOrder } from '../defaults.js'
import type { Connector } from '../types.js'
import { sortConnectors } from './sortConnectors.js'

const make = (id: string, type: Connector['type'], chain: Connector['chain'] = 'eip155') => ({
  id,
  uid: `${chain}:${id}`,
  name: id,
  chain,
  type,
  provider: {},
})

const connectors = [
  make('io.metamask', 'ANNOUNCED'),
  make('ledger', 'EXTERNAL'),
  make('walletConnect', 'WALLET_CONNECT'),
  make('injected', 'INJECTED'),
  make('Phantom', 'ANNOUNCED', 'solana'),
  make('com.coinbase', 'ANNOUNCED'),
]

test('default: spec connector order, each listed once', () => {
  const sorted = sortConnectors(connectors, {
    order: defaultConnectorOrder,
    recent: [
      { id: 'Phantom', namespace: 'solana', name: 'Phantom' },
      { id: 'com.coinbase', namespace: 'eip155', name: 'Coinbase' },
    ],
    featuredWalletIds: ['ledger'],
  })
  expect(sorted.map((c) => [c.uid, c.group, c.isRecent, c.isInstalled, c.isFeatured])).toEqual([
    ['eip155:walletConnect', 'walletConnect', false, false, false],
    ['solana:Phantom', 'recent', true, true, false],
    ['eip155:com.coinbase', 'recent', true, true, false],
    ['eip155:io.metamask', 'injected', false, true, false],
    ['eip155:injected', 'injected', false, true, false],
    ['eip155:ledger', 'featured', false, false, true],
  ])
})

test('parameters: order from the host', () => {
  const sorted = sortConnectors(connectors, { order: ['external', 'injected'], recent: [], featuredWalletIds: [] })
  expect(sorted.map((c) => c.id)).toEqual(['ledger', 'io.metamask', 'injected', 'Phantom', 'com.coinbase'])
})

test('behavior: recent of another namespace does not mark a same-id connector', () => {
  const sorted = sortConnectors([make('Phantom', 'ANNOUNCED', 'eip155')], {
    order: defaultConnectorOrder,
    recent: [{ id: 'Phantom', namespace: 'solana', name: 'Phantom' }],
    featuredWalletIds: [],
  })
  expect(sorted[0]?.group).toBe('injected')
})
