// What the WalletConnect tests share: the devnet (anvil, the Solana RPC) and the devnet relay, a
// dapp (a Portico with WalletConnect over that relay) and a wallet-side SDK (@reown/walletkit, the
// devnet wallet) per test, both closed after it. No mocks, loopback only.
import {
  createDevnetWallet,
  type DevnetWallet,
  type DevnetWalletOptions,
  devnetChainIds,
  startDevnet,
  startRelay,
  type WalletConnectRelay,
} from '@portico/devnet'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { connect, type WalletConnectWallet } from '../kernel/actions/connect.js'
import { bip122Adapter } from '../kernel/adapters/bip122/bip122Adapter.js'
import { bip122Network } from '../kernel/adapters/bip122/bip122Network.js'
import { cosmosAdapter } from '../kernel/adapters/cosmos/cosmosAdapter.js'
import { cosmosNetwork } from '../kernel/adapters/cosmos/cosmosNetwork.js'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { polkadotAdapter } from '../kernel/adapters/polkadot/polkadotAdapter.js'
import { polkadotNetwork } from '../kernel/adapters/polkadot/polkadotNetwork.js'
import { solanaAdapter } from '../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../kernel/createPortico.js'
import { eip155Network, solanaNetwork } from '../kernel/networks.js'
import type { PorticoOptions } from '../kernel/options.js'
import type { Portico } from '../kernel/portico.js'
import type { StorageLike } from '../kernel/state/storage.js'
import { createMemoryWalletConnectStorage, type WalletConnectStorage } from '../kernel/walletConnectOptions.js'
import { memoryStorage } from './fixtures.js'
import { closePortico, nextUri, wcConnector } from './walletConnect.js'

type Devnet = Awaited<ReturnType<typeof startDevnet>>

/** What a dapp of {@link walletConnectSuite} may set. */
export type WalletConnectDappSetup = {
  storage?: StorageLike
  wcStorage?: WalletConnectStorage
  pairingExpirySeconds?: number
  prepare?: boolean
  logLevel?: 'error' | 'trace'
  paymasterMap?: Record<string, string>
  /** More options of the dapp (e.g. `features: { smartSessions: true }`). */
  options?: Partial<PorticoOptions>
}

/**
 * The devnet and its relay for a test file (started before its tests, stopped after), with dapps
 * and wallets that are closed after each test: the SDK shares one core per storage prefix in a
 * global. Call at the top level of the file.
 */
export function walletConnectSuite() {
  let devnet: Devnet | undefined
  let relay: WalletConnectRelay | undefined
  const wallets: DevnetWallet[] = []
  const porticos: Portico[] = []
  let walletCount = 0

  beforeAll(async () => {
    ;[devnet, relay] = await Promise.all([startDevnet({ api: false, walletConnect: false }), startRelay()])
  }, 60_000)
  afterEach(async () => {
    vi.restoreAllMocks()
    if (relay) Object.assign(relay.switches, { drop: false, delayMs: 0, refuse: false })
    for (const portico of porticos.splice(0)) await closePortico(portico)
    await Promise.all(wallets.splice(0).map((w) => w.close()))
  })
  afterAll(async () => {
    await relay?.stop()
    await devnet?.stop()
  })

  const suite = {
    /** The running devnet (from `beforeAll` on). */
    get devnet(): Devnet {
      if (!devnet) throw new Error('walletConnectSuite: the devnet starts in beforeAll')
      return devnet
    },
    /** The running devnet relay (from `beforeAll` on). */
    get relay(): WalletConnectRelay {
      if (!relay) throw new Error('walletConnectSuite: the relay starts in beforeAll')
      return relay
    },
    /** The dapp's networks: the devnet's, plus one EVM and one Solana network the wallet does not have. */
    networks() {
      const { evm, solana } = suite.devnet
      return [
        eip155Network({ id: 31337, name: 'Devnet', rpcUrl: evm.rpcUrl, testnet: true }),
        // A chain the devnet wallet does not have: switching to it must follow the spec's rule.
        eip155Network({ id: 31338, name: 'Elsewhere', rpcUrl: 'http://127.0.0.1:9', testnet: true }),
        solanaNetwork({ genesisHash: solana.genesisHash, name: 'Solana devnet', rpcUrl: solana.rpcUrl }),
        solanaNetwork({ genesisHash: 'X'.repeat(44), name: 'Solana elsewhere', rpcUrl: 'http://127.0.0.1:9' }),
        polkadotNetwork({
          genesisHash: devnetChainIds.polkadot.split(':')[1] as string,
          name: 'Polkadot devnet',
          nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
        }),
        bip122Network({
          genesisHash: devnetChainIds.bip122.split(':')[1] as string,
          name: 'Bitcoin regtest',
          nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        }),
        cosmosNetwork({
          chainId: devnetChainIds.cosmos.split(':')[1] as string,
          name: 'Cosmos devnet',
          nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
        }),
      ] as const
    },
    /** A dapp with WalletConnect over the devnet relay (every namespace), closed after the test. */
    createDapp({
      storage = memoryStorage(),
      wcStorage = createMemoryWalletConnectStorage(),
      paymasterMap,
      options,
      ...rest
    }: WalletConnectDappSetup = {}) {
      const portico = createPortico({
        projectId: 'portico-devnet',
        metadata: { name: 'Portico test dapp', description: 'integration', url: 'http://127.0.0.1:5173', icons: [] },
        networks: suite.networks(),
        adapters: [eip155Adapter(), solanaAdapter(), polkadotAdapter(), bip122Adapter(), cosmosAdapter()],
        storage,
        ...(paymasterMap ? { paymasterMap } : {}),
        ssr: false, // reloads here are client-only: storage is read while creating
        walletConnect: { relayUrl: suite.relay.url, verifyUrl: suite.relay.verifyUrl, storage: wcStorage, ...rest },
        ...options,
      })
      porticos.push(portico)
      return { portico, storage, wcStorage }
    },
    /** A wallet-side SDK (the devnet wallet) on the relay, with its own storage prefix, closed after the test. */
    async createWallet(options: Partial<DevnetWalletOptions> = {}) {
      const wallet = await createDevnetWallet({
        storagePrefix: `test-wallet-${++walletCount}`,
        relayUrl: suite.relay.url,
        verifyUrl: suite.relay.verifyUrl,
        evmRpcUrl: suite.devnet.evm.rpcUrl,
        solanaRpcUrl: suite.devnet.solana.rpcUrl,
        accountIndex: 4,
        evmChainIds: [31337, 1],
        ...options,
      })
      wallets.push(wallet)
      return wallet
    },
    /** Leaves `portico` out of the after-test close (its client never started, or the test closed it). */
    forget(portico: Portico) {
      porticos.splice(porticos.indexOf(portico), 1)
    },
    /** Connects `portico` over WalletConnect, the wallet pairing with the URI it shows. */
    async pairAndConnect(portico: Portico, wallet: DevnetWallet, picked?: WalletConnectWallet) {
      const uri = nextUri(portico)
      const connected = connect(portico, { connector: wcConnector(portico), wallet: picked })
      await wallet.pair(await uri)
      return connected
    },
  }
  return suite
}
