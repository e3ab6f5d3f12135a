// Networks added at runtime: the list, the selection, watchers and the errors.
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../test/devnetSuite.js'
import { memoryStorage, testNetworks } from '../../test/fixtures.js'
import { evmHostPortico, hostAdapter } from '../../test/hostConnector.js'
import { createPortico } from '../createPortico.js'
import { eip155Network } from '../networks.js'
import { addNetwork } from './addNetwork.js'
import { getNetwork } from './getNetwork.js'
import { switchNetwork } from './switchNetwork.js'
import { watchNetwork } from './watchNetwork.js'

const suite = devnetSuite()
const { stops } = suite
const optimism = eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'http://127.0.0.1:1' })

describe('addNetwork', () => {
  test('the network joins the list after the configured ones, watchers hear it, and it can be selected', async () => {
    const { portico, devnet, devnet2 } = evmHostPortico()
    const heard: string[][] = []
    stops.push(watchNetwork(portico, { onChange: ({ networks }) => heard.push(networks.map((n) => n.caipNetworkId)) }))
    expect(addNetwork(portico, { network: optimism })).toEqual([devnet, devnet2, optimism])
    expect(portico.networks).toEqual([devnet, devnet2, optimism])
    expect(getNetwork(portico).networks).toEqual([devnet, devnet2, optimism])
    expect(heard).toEqual([['eip155:31337', 'eip155:31338', 'eip155:10']])
    expect(getNetwork(portico).network).toBe(devnet) // the selection stays
    await switchNetwork(portico, { caipNetworkId: 'eip155:10' })
    expect(getNetwork(portico).network).toBe(optimism)
  })

  test('a network already configured is left as it is: no second entry, no change heard', () => {
    const { portico, devnet, devnet2 } = evmHostPortico()
    const heard: unknown[] = []
    stops.push(watchNetwork(portico, { onChange: (n) => heard.push(n) }))
    const twin = eip155Network({ id: 31338, name: 'Another name', rpcUrl: 'http://127.0.0.1:2' })
    expect(addNetwork(portico, { network: twin })).toEqual([devnet, devnet2])
    expect(portico.networks[1]).toBe(devnet2)
    expect(heard).toEqual([])
  })

  test('a namespace without an adapter: AdapterNotFoundError, nothing added', () => {
    const { portico, devnet, devnet2, solanaLocal } = evmHostPortico()
    expect(() => addNetwork(portico, { network: solanaLocal })).toThrow(
      expect.objectContaining({
        name: 'AdapterNotFoundError',
        shortMessage: 'No adapter configured for namespace solana',
      }),
    )
    expect(portico.networks).toEqual([devnet, devnet2])
  })

  test('a malformed network: InvalidOptionsError naming each issue, nothing added', () => {
    const { portico } = evmHostPortico()
    const broken = { ...optimism, caipNetworkId: 'eip155:11', rpcUrls: { default: { http: [] } } }
    let thrown: unknown
    try {
      addNetwork(portico, { network: broken as never })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ name: 'InvalidOptionsError', shortMessage: 'Invalid Portico options' })
    const paths = (thrown as { issues: { path: string }[] }).issues.map((i) => i.path)
    expect(paths).toEqual(['network.id', 'network.rpcUrls.default.http'])
    expect(() => addNetwork(portico, { network: null as never })).toThrow(
      expect.objectContaining({ name: 'InvalidOptionsError' }),
    )
    expect(portico.networks).toHaveLength(2)
  })

  test('the first network of a namespace that had none becomes its selection', () => {
    const { devnet, solanaLocal } = testNetworks()
    const portico = createPortico({
      projectId: 'p',
      walletConnect: false,
      networks: [devnet],
      adapters: [hostAdapter('eip155'), hostAdapter('solana')],
      storage: memoryStorage(),
    })
    addNetwork(portico, { network: solanaLocal })
    expect(getNetwork(portico, { namespace: 'solana' }).network).toBe(solanaLocal)
    expect(getNetwork(portico).network).toBe(devnet)
  })
})
