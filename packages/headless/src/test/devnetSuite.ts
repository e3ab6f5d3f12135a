import { type Devnet, type DevnetFor, type StartDevnetOptions, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { createTestEip1193Wallet } from '../testing/eip1193Wallet.js'
import { memoryStorage, testNetworks } from './fixtures.js'
import { connectedHostWallet, type HostConnectorBehaviour } from './hostConnector.js'
import { installTestWindow, removeTestWindow } from './window.js'

/**
 * One devnet and one test window for a test file (started before its tests, stopped after), and
 * a list of clean-ups run after each test. Call at the top level of the file. `options` go to
 * `startDevnet` (e.g. leave out services the file does not use).
 */
export function devnetSuite<const O extends StartDevnetOptions = Record<never, never>>(options?: O) {
  // Typed as the full devnet inside: only `evm` and `stop` are used here, which every devnet has.
  let devnet: Devnet | undefined
  const stops: (() => void)[] = []
  beforeAll(async () => {
    devnet = (await startDevnet(options)) as unknown as Devnet
    installTestWindow()
  })
  afterAll(async () => {
    removeTestWindow()
    await devnet?.stop()
  })
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
  })
  return {
    /** The running devnet (from `beforeAll` on). */
    get devnet(): DevnetFor<O> {
      if (!devnet) throw new Error('devnetSuite: the devnet starts in beforeAll')
      return devnet as unknown as DevnetFor<O>
    },
    stops,
    /**
     * A Portico with the EVM adapter on the devnet's two chains (31337, 31338) and an installed
     * test wallet (EIP-6963) that knows `chains`, initialized (not connected); stopped after the test.
     */
    evmWallet(chains: readonly number[] = [31337, 31338]) {
      if (!devnet) throw new Error('devnetSuite: the devnet starts in beforeAll')
      const { rpcUrl, accounts } = devnet.evm
      const wallet = createTestEip1193Wallet({
        accounts: accounts.map((a) => a.privateKey),
        chains: chains.map((id) => ({ id, rpcUrl })),
      })
      stops.push(wallet.announce())
      const networks = testNetworks({ evmRpcUrl: rpcUrl })
      const portico = createPortico({
        projectId: 'p',
        walletConnect: false,
        networks: [networks.devnet, networks.devnet2],
        adapters: [eip155Adapter()],
        storage: memoryStorage(),
      })
      stops.push(initialize(portico))
      return { portico, wallet, networks }
    },
    /** A Portico connected to a host connector (see {@link connectedHostWallet}), stopped after the test. */
    async host(behaviour: HostConnectorBehaviour = {}) {
      const setup = await connectedHostWallet(behaviour)
      stops.push(setup.stop)
      return setup
    },
  }
}
