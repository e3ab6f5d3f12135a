// Networks removed at runtime: the list, the selection, the connected wallet and the errors.
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { evmHostPortico } from '../../test/hostConnector.js'
import type { Alert } from '../alerts.js'
import { eip155Network } from '../networks.js'
import { addNetwork } from './addNetwork.js'
import { connect } from './connect.js'
import { getConnection } from './getConnection.js'
import { getNetwork } from './getNetwork.js'
import { removeNetwork } from './removeNetwork.js'
import { switchNetwork } from './switchNetwork.js'
import { watchAlerts } from './watchAlerts.js'

const suite = devnetSuite()
const optimism = eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'http://127.0.0.1:1' })

describe('removeNetwork', () => {
  test('a network not selected leaves the list and the selection stays', async () => {
    const { portico, devnet } = evmHostPortico()
    addNetwork(portico, { network: optimism })
    expect(await removeNetwork(portico, { caipNetworkId: 'eip155:31338' })).toEqual([devnet, optimism])
    expect(getNetwork(portico).network).toBe(devnet)
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
      name: 'SwitchNetworkNotFoundError',
    })
  })

  test('the selected network with nothing connected: the first remaining one is selected', async () => {
    const { portico, devnet2 } = evmHostPortico()
    await removeNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect(getNetwork(portico).network).toBe(devnet2)
    expect(portico.networks).toEqual([devnet2])
  })

  test('an unknown id: the Network Not Found alert and NetworkNotFoundError (spec texts), nothing changes', async () => {
    const { portico } = evmHostPortico()
    const alerts: Alert[] = []
    const stop = watchAlerts(portico, { onAlert: (a) => alerts.push(a), replay: false })
    await expect(removeNetwork(portico, { caipNetworkId: 'eip155:999' })).rejects.toMatchObject({
      name: 'NetworkNotFoundError',
      shortMessage: 'Network not found',
    })
    stop()
    expect(alerts.map((a) => [a.code, a.message])).toEqual([['NETWORK_NOT_FOUND', 'Network Not Found']])
    expect(portico.networks).toHaveLength(2)
  })

  test('the only network of its namespace: LastNetworkError, it stays', async () => {
    const { portico } = evmHostPortico()
    await removeNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await expect(removeNetwork(portico, { caipNetworkId: 'eip155:31337' })).rejects.toMatchObject({
      name: 'LastNetworkError',
    })
    expect(portico.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
  })

  describe('real EIP-1193 wallet (devnet)', () => {
    async function evmConnected() {
      const setup = suite.evmWallet()
      await connect(setup.portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
      return setup
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
