import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { hostAdapter, hostConnector, rpcError } from '../../test/hostConnector.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { SwitchChainNotApprovedError } from '../errors/network.js'
import { connect } from './connect.js'
import { getConnection } from './getConnection.js'
import { getNetwork } from './getNetwork.js'
import { switchNetwork } from './switchNetwork.js'
import { watchAlerts } from './watchAlerts.js'

const suite = devnetSuite()
const { stops } = suite

const host = suite.host

describe('contract (host connector)', () => {
  test('behavior: goes through account.connector with namespace, network, networks and the current chain', async () => {
    const { portico, wallet, networks } = await host()
    const result = await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId })
    expect(result).toBe(networks.devnet2)
    expect(wallet.callsOf('switchNetwork')).toEqual([
      { namespace: 'eip155', network: networks.devnet2, networks: portico.networks, current: 'eip155:31337' },
    ])
    expect(getConnection(portico)).toMatchObject({
      caipNetworkId: 'eip155:31338',
      caipAddress: 'eip155:31338:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(getNetwork(portico).network).toBe(networks.devnet2)
  })

  test('behavior: already on the network, the wallet is not asked', async () => {
    const { portico, wallet, networks } = await host()
    await switchNetwork(portico, { caipNetworkId: networks.devnet.caipNetworkId })
    expect(wallet.callsOf('switchNetwork')).toEqual([])
  })

  test('behavior: with nothing connected it only selects the network', async () => {
    const { devnet: net, devnet2 } = testNetworks()
    const wallet = hostConnector()
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [net, devnet2],
      adapters: [hostAdapter('eip155', [wallet.connector])],
      storage: memoryStorage(),
    })
    await switchNetwork(portico, { caipNetworkId: devnet2.caipNetworkId })
    expect(getNetwork(portico).network).toBe(devnet2)
    expect(wallet.calls).toEqual([])
  })

  test('behavior: a network of another namespace does not ask the connected wallet and activates that namespace', async () => {
    const { portico, wallet, networks } = await host()
    await switchNetwork(portico, { caipNetworkId: networks.solanaLocal.caipNetworkId })
    expect(wallet.callsOf('switchNetwork')).toEqual([])
    expect(getNetwork(portico).network).toBe(networks.solanaLocal)
    expect(getConnection(portico, { namespace: 'eip155' })).toMatchObject({
      status: 'connected',
      caipNetworkId: 'eip155:31337',
    })
  })

  test('behavior: a user rejection becomes UserRejectedRequestError and the network stays', async () => {
    const { portico, networks } = await host({
      switchNetwork: async () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    })
    const error = await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId }).catch((e) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', cause: { code: 4001 } })
    expect(getConnection(portico).caipNetworkId).toBe('eip155:31337')
    expect(getNetwork(portico).network).toBe(networks.devnet)
  })

  test('behavior: another failure becomes SwitchChainNotApprovedError naming the chain', async () => {
    const failure = rpcError(-32603, 'chain busy')
    const { portico, networks } = await host({
      switchNetwork: async () => {
        throw failure
      },
    })
    const error = await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId }).catch((e) => e)
    expect(error).toMatchObject({
      name: 'SwitchChainNotApprovedError',
      shortMessage:
        'Failed to switch to chain 31338 not approved or wallet does not support wallet_switchEthereumChain',
    })
    expect(error.cause).toBe(failure)
    expect(getConnection(portico).caipNetworkId).toBe('eip155:31337')
  })

  test('behavior: a BaseError thrown by the connector passes through unchanged', async () => {
    const typed = new SwitchChainNotApprovedError({ chainId: 31338 })
    const { portico, networks } = await host({
      switchNetwork: async () => {
        throw typed
      },
    })
    expect(await switchNetwork(portico, { caipNetworkId: networks.devnet2.caipNetworkId }).catch((e) => e)).toBe(typed)
  })

  test('behavior: a network that is not configured throws SwitchNetworkNotFoundError and raises the alert', async () => {
    const { portico, wallet } = await host()
    const alerts: Alert[] = []
    stops.push(watchAlerts(portico, { onAlert: (a) => alerts.push(a), replay: false }))
    const error = await switchNetwork(portico, { caipNetworkId: 'eip155:1' }).catch((e) => e)
    expect(error).toMatchObject({ name: 'SwitchNetworkNotFoundError', shortMessage: 'switch network not found' })
    expect(alerts.map((a) => a.code)).toEqual(['SWITCH_NETWORK_NOT_FOUND'])
    expect(alerts[0]?.cause).toBe(error)
    expect(wallet.callsOf('switchNetwork')).toEqual([])
  })
})

describe('real EIP-1193 wallet (devnet)', () => {
  async function evmConnected(chains: number[]) {
    const setup = suite.evmWallet(chains)
    await connect(setup.portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    return setup
  }

  test('behavior: the wallet moves to the chain (wallet_switchEthereumChain) and state follows', async () => {
    const { portico, wallet } = await evmConnected([31337, 31338])
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(wallet.chainId).toBe(31338)
    expect(wallet.requests.filter((r) => r.method === 'wallet_switchEthereumChain').at(-1)?.params).toEqual([
      { chainId: '0x7a6a' },
    ])
    expect(getConnection(portico).caipNetworkId).toBe('eip155:31338')
  })

  test('behavior: a chain the wallet does not know is added (4902 then wallet_addEthereumChain)', async () => {
    const { portico, wallet } = await evmConnected([31337])
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    const methods = wallet.requests.map((r) => r.method)
    expect(methods).toContain('wallet_addEthereumChain')
    expect(wallet.chainId).toBe(31338)
    expect(getConnection(portico).caipNetworkId).toBe('eip155:31338')
  })

  test('behavior: the user declining the switch is UserRejectedRequestError; wallet and state stay', async () => {
    const { portico, wallet } = await evmConnected([31337, 31338])
    wallet.rejectNext('wallet_switchEthereumChain')
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    expect(wallet.chainId).toBe(31337)
    expect(getConnection(portico).caipNetworkId).toBe('eip155:31337')
  })
})
