// attachFeatures, as createPortico runs it: which options turn which feature on, the connectors a
// feature lists from its descriptors alone (per namespace, each feature its own registry source),
// that a row's first use reaches the feature's own connector, and that a feature without
// connectors is loaded and started with the instance without holding up its creation. What each
// feature does once started or loaded is its own lifecycle.test.ts (features/*/); the lazy
// connector itself is lazyConnector.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { clearLoginCache, readLoginCache, writeLoginCache } from '../features/embedded/loginCache.js'
import { embeddedState } from '../features/embedded/state.js'
import type { EmbeddedWallet } from '../features/embedded/types.js'
import { getWalletsState } from '../features/wallets/connections.js'
import { regtestNetwork } from '../test/bitcoin.js'
import { offlinePortico, testAdapters, testNetworks } from '../test/fixtures.js'
import { bip122Adapter } from './adapters/bip122/bip122Adapter.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from './adapters/solana/solanaAdapter.js'
import { featureLoaders } from './featureLoaders.js'
import { featureState } from './featureState.js'
import { attachFeatures } from './lifecycle.js'
import type { Portico } from './portico.js'
import { connectorsAtom } from './state/atoms.js'
import { listConnectors } from './state/registry.js'
import { createMemoryWalletConnectStorage } from './walletConnectOptions.js'

afterEach(() => vi.restoreAllMocks())

/** WalletConnect on, over a relay nobody listens on (never dialled by these tests). */
const walletConnect = () => ({
  relayUrl: 'ws://127.0.0.1:9',
  verifyUrl: false as const,
  storage: createMemoryWalletConnectStorage(),
})
/** The embedded wallet on, with a frame URL no test loads. */
const embeddedWallet = { frameUrl: 'http://127.0.0.1:9/frame' }

/** The feature rows of the registry, as `source namespace:id type name`. */
function featureRows(portico: Portico) {
  return Object.entries(portico.store.get(connectorsAtom))
    .filter(([source]) => source.startsWith('feature:'))
    .flatMap(([source, connectors]) => connectors.map((c) => `${source} ${c.uid} ${c.type} ${c.name}`))
}

test('default: an instance with no feature option lists no feature connector and starts no feature', async () => {
  const portico = offlinePortico('lifecycle-default')
  expect(featureRows(portico)).toEqual([])
  expect(listConnectors(portico).filter((c) => c.type === 'WALLET_CONNECT' || c.type === 'AUTH')).toEqual([])
  // Later than any loader the instance could have started at creation.
  await Promise.all([featureLoaders.wallets(), featureLoaders.siwx()])
  expect(getWalletsState(portico).started).toBe(false)
})

test('behavior: with WalletConnect on, one WalletConnect row per adapter namespace is listed from its descriptor, its code not loaded', () => {
  const portico = offlinePortico('lifecycle-wc', { walletConnect: walletConnect() })
  expect(featureRows(portico)).toEqual([
    'feature:walletConnect eip155:walletConnect WALLET_CONNECT WalletConnect',
    'feature:walletConnect solana:walletConnect WALLET_CONNECT WalletConnect',
  ])
  for (const row of listConnectors(portico).filter((c) => c.type === 'WALLET_CONNECT'))
    expect(row).toMatchObject({ id: 'walletConnect', provider: undefined })
  const evmOnly = offlinePortico('lifecycle-wc-evm', {
    walletConnect: walletConnect(),
    networks: [testNetworks().devnet],
    adapters: [eip155Adapter()],
  })
  expect(featureRows(evmOnly)).toEqual(['feature:walletConnect eip155:walletConnect WALLET_CONNECT WalletConnect'])
})

test('behavior: with a frame URL, the embedded wallet lists an Email (AUTH) row on eip155 and solana only, with account names', () => {
  const portico = offlinePortico('lifecycle-embedded', {
    embeddedWallet,
    networks: [...testNetworks().all, regtestNetwork],
    adapters: [...testAdapters(), bip122Adapter()],
  })
  expect(featureRows(portico)).toEqual([
    'feature:embedded eip155:auth AUTH Email',
    'feature:embedded solana:auth AUTH Email',
  ])
  expect(listConnectors(portico, 'bip122').filter((c) => c.type === 'AUTH')).toEqual([])
  expect(listConnectors(portico, 'eip155').find((c) => c.type === 'AUTH')).toMatchObject({
    id: 'auth',
    accountNames: true,
    provider: undefined,
  })
  // Only the namespaces the instance has an adapter for.
  const solanaOnly = offlinePortico('lifecycle-embedded-solana', {
    embeddedWallet,
    networks: [testNetworks().solanaLocal],
    adapters: [solanaAdapter()],
  })
  expect(featureRows(solanaOnly)).toEqual(['feature:embedded solana:auth AUTH Email'])
})

test('behavior: WalletConnect and the embedded wallet on together keep both lists, each under its own source; attaching again replaces rather than doubles them', () => {
  const portico = offlinePortico('lifecycle-both', { walletConnect: walletConnect(), embeddedWallet })
  const rows = [
    'feature:walletConnect eip155:walletConnect WALLET_CONNECT WalletConnect',
    'feature:walletConnect solana:walletConnect WALLET_CONNECT WalletConnect',
    'feature:embedded eip155:auth AUTH Email',
    'feature:embedded solana:auth AUTH Email',
  ]
  expect(featureRows(portico)).toEqual(rows)
  attachFeatures(portico)
  expect(featureRows(portico)).toEqual(rows)
})

test("behavior: a row's first use loads the feature and goes to its connector: the embedded row's reconnect asks the instance's wallet", async () => {
  const portico = offlinePortico('lifecycle-embedded-use', { embeddedWallet })
  writeLoginCache(portico, { used: true, email: 'ada@example.com', lastChain: 'eip155:31337' })
  const asked: string[] = []
  // A stand-in for the frame's wallet (Node has no frames), as features/embedded/lifecycle.test.ts does.
  featureState(portico, embeddedState).wallet = {
    client: {
      request: (name: string) => {
        asked.push(name)
        return Promise.resolve({ isConnected: false })
      },
    },
    clearLoginCache: () => clearLoginCache(portico),
    listeners: new Map(),
  } as unknown as EmbeddedWallet
  const row = listConnectors(portico, 'eip155').find((c) => c.type === 'AUTH')
  expect(await row?.reconnect({ networks: {} })).toEqual([])
  expect(asked).toEqual(['IS_CONNECTED'])
  expect(readLoginCache(portico)).toEqual({ used: false })
})

test('behavior: with multiWallet on, the list of connections is started with the instance, after creation returns (not holding it up)', async () => {
  const portico = offlinePortico('lifecycle-wallets', { features: { multiWallet: true } })
  expect(getWalletsState(portico).started).toBe(false)
  // The instance's loader was called first; its start has run once the module is in.
  await featureLoaders.wallets()
  expect(getWalletsState(portico).started).toBe(true)
  // It lists no connector of its own.
  expect(featureRows(portico)).toEqual([])
})

test('behavior: with a siwx option, sign-in is loaded and started with the instance, after creation returns: its flow asks the option once at start', async () => {
  let asked = 0
  const unused = () => Promise.reject(new Error('not in this test'))
  const siwx = {
    createMessage: unused,
    addSession: unused,
    getSessions: unused,
    revokeSession: unused,
    setSessions: unused,
    getRequired: () => {
      asked++
      return false
    },
  }
  offlinePortico('lifecycle-siwx', { siwx })
  expect(asked).toBe(0)
  await featureLoaders.siwx()
  // The flow evaluated the (disconnected) connection once, reading whether sign-in is required.
  expect(asked).toBe(1)
})
