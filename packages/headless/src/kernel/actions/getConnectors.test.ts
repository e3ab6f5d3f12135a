import { expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import type { Connector } from '../types.js'
import { connect } from './connect.js'
import { getConnectors } from './getConnectors.js'
import { initialize } from './initialize.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup() {
  const { devnet, solanaLocal } = testNetworks()
  const a = hostConnector({ id: 'a', name: 'A' })
  const b = hostConnector({ id: 'b', name: 'B' })
  const phantom = hostConnector({ id: 'phantom', name: 'Phantom', chain: 'solana' })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [a.connector, b.connector]), hostAdapter('solana', [phantom.connector])],
    storage: memoryStorage(),
  })
  const stop = initialize(portico)
  return { portico, stop }
}

test('lists the connectors every adapter discovered, and only one namespace’s when asked', () => {
  const { portico, stop } = setup()
  expect(getConnectors(portico).map((c) => c.uid)).toEqual(
    expect.arrayContaining(['eip155:a', 'eip155:b', 'solana:phantom']),
  )
  expect(getConnectors(portico, { namespace: 'solana' }).map((c) => c.uid)).toEqual(['solana:phantom'])
  stop()
})

test('a wallet whose connection failed is not moved up: the discovered order stays', async () => {
  const { portico, stop } = setup()
  expect(getConnectors(portico, { namespace: 'eip155' }).map((c) => c.id)).toEqual(['a', 'b'])
  const b = getConnectors(portico, { namespace: 'eip155' })[1]
  await connect(portico, { connector: b }).catch(() => {}) // the host wallet has no scripted answer: it fails
  expect(getConnectors(portico, { namespace: 'eip155' }).map((c) => c.id)).toEqual(['a', 'b'])
  stop()
})

test('a connected wallet is listed first on the next visit', async () => {
  const storage = memoryStorage()
  const { devnet } = testNetworks()
  const make = () => {
    const wallets = ['a', 'b'].map((id) =>
      hostConnector({
        id,
        name: id,
        connect: async () => [{ namespace: 'eip155', accounts: [alice], caipNetworkId: devnet.caipNetworkId }],
      }),
    )
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [devnet],
      adapters: [
        hostAdapter(
          'eip155',
          wallets.map((w) => w.connector),
        ),
      ],
      storage,
    })
    return { portico, stop: initialize(portico), wallets }
  }
  const first = make()
  await connect(first.portico, { connector: first.wallets[1]?.connector as Connector })
  first.stop()
  const second = make()
  expect(getConnectors(second.portico).map((c) => c.id)).toEqual(['b', 'a'])
  second.stop()
})

test('nothing is listed before discovery starts', () => {
  const { devnet } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet],
    adapters: [hostAdapter('eip155', [hostConnector().connector])],
    storage: memoryStorage(),
  })
  expect(getConnectors(portico)).toEqual([])
})
