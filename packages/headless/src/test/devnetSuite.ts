import { type Devnet, type DevnetFor, type StartDevnetOptions, startDevnet } from '@portico/devnet'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { connect } from '../kernel/actions/connect.js'
import { initialize } from '../kernel/actions/initialize.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { createTestEip1193Wallet, type TestEip1193Provider } from '../testing/eip1193Wallet.js'
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
    /**
     * A Portico on the devnet's first chain and its hosted-API emulator, connected through an
     * installed test wallet (EIP-6963) on `account`: an index of the devnet's funded accounts, or a
     * private key of its own. `wrap` stands between the page and the wallet's provider (e.g. to act
     * before each transaction is forwarded). Stopped after the test.
     */
    async connectedEvm(
      account: number | `0x${string}` = 0,
      { wrap }: { wrap?: (provider: TestEip1193Provider) => TestEip1193Provider } = {},
    ) {
      if (!devnet) throw new Error('devnetSuite: the devnet starts in beforeAll')
      const { rpcUrl, accounts } = devnet.evm
      const wallet = createTestEip1193Wallet({
        accounts: typeof account === 'number' ? accounts.map((a) => a.privateKey) : [account],
        chains: [{ id: 31337, rpcUrl }],
      })
      if (typeof account === 'number') wallet.setAccount(account)
      if (wrap) {
        const detail = Object.freeze({ info: wallet.info, provider: wrap(wallet.provider) })
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
        window.addEventListener('eip6963:requestProvider', announce)
        stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
        announce()
      } else {
        stops.push(wallet.announce())
      }
      const portico = createPortico({
        projectId: 'p',
        walletConnect: false,
        networks: [testNetworks({ evmRpcUrl: rpcUrl }).devnet],
        adapters: [eip155Adapter()],
        storage: memoryStorage(),
        apiUrls: { blockchain: devnet.api.url, api: devnet.api.url },
      })
      stops.push(initialize(portico))
      await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
      const address = (typeof account === 'number' ? accounts[account]?.address : wallet.address) as `0x${string}`
      return { portico, wallet, address }
    },
    /** A Portico connected to a host connector (see {@link connectedHostWallet}), stopped after the test. */
    async host(behaviour: HostConnectorBehaviour = {}) {
      const setup = await connectedHostWallet(behaviour)
      stops.push(setup.stop)
      return setup
    },
  }
}
