// Networks removed at runtime: the list, the selection, the connected wallet and the errors.
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter } from '../../test/hostConnector.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import { createPortico } from '../createPortico.js'
import { eip155Network } from '../networks.js'
import { addNetwork } from './addNetwork.js'
import { connect } from './connect.js'
import { getConnection } from './getConnection.js'
import { getNetwork } from './getNetwork.js'
import { initialize } from './initialize.js'
import { removeNetwork } from './removeNetwork.js'
import { switchNetwork } from './switchNetwork.js'

const suite = devnetSuite()
const { stops } = suite
const optimism = eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'http://127.0.0.1:1' })

function evmOnly() {
  const { devnet, devnet2, solanaLocal } = testNetworks()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: [devnet, devnet2],
    adapters: [hostAdapter('eip155')],
    storage: memoryStorage(),
  })
  return { portico, devnet, devnet2, solanaLocal }
}

describe('removeNetwork', () => {
  test('a network not selected leaves the list and the selection stays', async () => {
    const { portico, devnet } = evmOnly()
    addNetwork(portico, { network: optimism })
    expect(await removeNetwork(portico, { caipNetworkId: 'eip155:31338' })).toEqual([devnet, optimism])
    expect(getNetwork(portico).network).toBe(devnet)
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
      name: 'SwitchNetworkNotFoundError',
    })
  })

  test('the selected network with nothing connected: the first remaining one is selected', async () => {
    const { portico, devnet2 } = evmOnly()
    await removeNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect(getNetwork(portico).network).toBe(devnet2)
    expect(portico.networks).toEqual([devnet2])
  })

  test('an unknown id: NetworkNotFoundError (spec text), nothing changes', async () => {
    const { portico } = evmOnly()
    await expect(removeNetwork(portico, { caipNetworkId: 'eip155:999' })).rejects.toMatchObject({
      name: 'NetworkNotFoundError',
      shortMessage: 'Network not found',
    })
    expect(portico.networks).toHaveLength(2)
  })

  test('the only network of its namespace: LastNetworkError, it stays', async () => {
    const { portico } = evmOnly()
    await removeNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await expect(removeNetwork(portico, { caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
      name: 'LastNetworkError',
    })
    expect(portico.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
  })

  describe('real EIP-1193 wallet (devnet)', () => {
    async function evmConnected() {
      const wallet = createTestEip1193Wallet({
        accounts: suite.devnet.evm.accounts.map((a) => a.privateKey),
        chains: [31337, 31338].map((id) => ({ id, rpcUrl: suite.devnet.evm.rpcUrl })),
      })
      stops.push(wallet.announce())
      const networks = testNetworks({ evmRpcUrl: suite.devnet.evm.rpcUrl })
      const portico = createPortico({
        projectId: 'p',
        walletConnect: false,
        networks: [networks.devnet, networks.devnet2],
        adapters: [eip155Adapter()],
        storage: memoryStorage(),
      })
      stops.push(initialize(portico))
      await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
      return { portico, wallet, networks }
    }

    test('the connected network: the wallet is moved to the first remaining one first, then it is removed', async () => {
      const { portico, wallet, networks } = await evmConnected()
      await removeNetwork(portico, { caipNetworkId: 'eip155:31337' })
      expect(wallet.chainId).toBe(31338)
      expect(getConnection(portico).caipNetworkId).toBe('eip155:31338')
      expect(portico.networks).toEqual([networks.devnet2])
    })

    test('the user declines that switch: UserRejectedRequestError and nothing is removed', async () => {
      const { portico, wallet, networks } = await evmConnected()
      wallet.rejectNext('wallet_switchEthereumChain')
      await expect(removeNetwork(portico, { caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
        name: 'UserRejectedRequestError',
      })
      expect(wallet.chainId).toBe(31337)
      expect(getConnection(portico).caipNetworkId).toBe('eip155:31337')
      expect(portico.networks).toEqual([networks.devnet, networks.devnet2])
    })
  })
})
