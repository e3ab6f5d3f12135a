import { afterEach, expect, test } from 'vitest'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { connectedHostWallet, hostAdapter, hostConnector } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import { connect } from './connect.js'
import { getNetwork } from './getNetwork.js'
import { initialize } from './initialize.js'
import { switchNetwork } from './switchNetwork.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('before a connection it reads the default network and every configured network', () => {
  const { devnet, devnet2, all } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: all,
    defaultNetwork: devnet2.caipNetworkId,
    adapters: [hostAdapter('eip155'), hostAdapter('solana')],
    storage: memoryStorage(),
  })
  const network = getNetwork(portico)
  expect(network.network).toBe(devnet2)
  expect(network.networks.map((n) => n.caipNetworkId)).toEqual(all.map((n) => n.caipNetworkId))
  expect(network).toMatchObject({ isUnsupported: false, showUnsupportedView: false })
  expect(getNetwork(portico).network).not.toBe(devnet)
})

test('follows a switch of the connected wallet', async () => {
  const { portico, stop, networks } = await connectedHostWallet()
  stops.push(stop)
  expect(getNetwork(portico).network).toBe(networks.devnet)
  await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId })
  expect(getNetwork(portico).network).toBe(networks.devnet2)
})

test('a wallet on a chain the app does not configure reads unsupported, and the spec’s view shows', async () => {
  const { devnet, solanaLocal } = testNetworks()
  const wallet = hostConnector({
    connect: async () => [
      { namespace: 'eip155', accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], caipNetworkId: 'eip155:999' },
    ],
  })
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, solanaLocal],
    adapters: [hostAdapter('eip155', [wallet.connector]), hostAdapter('solana')],
    storage: memoryStorage(),
  })
  stops.push(initialize(portico))
  await connect(portico, { connector: wallet.connector })
  expect(getNetwork(portico)).toMatchObject({ isUnsupported: true, showUnsupportedView: true })
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:999')
})
