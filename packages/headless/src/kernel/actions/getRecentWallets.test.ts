import { afterEach, expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { getRecentWallets } from './getRecentWallets.js'
import { initialize } from './initialize.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup(storage = memoryStorage()) {
  const { devnet, solanaLocal } = testNetworks()
  const wallets = ['a', 'b', 'c'].map((id) =>
    hostConnector({
      id,
      name: `Wallet ${id.toUpperCase()}`,
      connect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
    }),
  )
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [
      hostAdapter(
        'eip155',
        wallets.map((w) => w.connector),
      ),
      hostAdapter('solana'),
    ],
    storage,
  })
  stops.push(initialize(portico))
  return { portico, wallets, storage }
}

test('empty on a fresh page', () => {
  expect(getRecentWallets(setup().portico)).toEqual([])
})

test('keeps the two most recent wallets, most recent first, across a reload', async () => {
  const { portico, wallets, storage } = setup()
  for (const wallet of wallets) {
    await connect(portico, { connector: wallet.connector })
    await disconnect(portico)
  }
  expect(getRecentWallets(portico).map((w) => w.id)).toEqual(['c', 'b'])
  // Same storage, new instance: what a reload does.
  expect(getRecentWallets(setup(storage).portico).map((w) => w.id)).toEqual(['c', 'b'])
})
