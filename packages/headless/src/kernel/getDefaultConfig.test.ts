import { afterEach, expect, test, vi } from 'vitest'
import { getConnectors } from './actions/getConnectors.js'
import { bip122Adapter } from './adapters/bip122/bip122Adapter.js'
import { bip122Network, bitcoin } from './adapters/bip122/bip122Network.js'
import { cosmosHub } from './adapters/cosmos/cosmosNetwork.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { polkadot } from './adapters/polkadot/polkadotNetwork.js'
import { InvalidOptionsError } from './errors/config.js'
import { getDefaultConfig } from './getDefaultConfig.js'
import { mainnet, solana } from './networks.js'

afterEach(() => vi.restoreAllMocks())

test('default: EVM + Solana, installed wallets, and WalletConnect with a project id', () => {
  const portico = getDefaultConfig({ appName: 'My dapp', projectId: 'p1', storage: null })
  expect(portico.networks).toEqual([mainnet, solana])
  expect([...portico.adapters.keys()]).toEqual(['eip155', 'solana'])
  expect(portico.options.enableInjected).toBe(true)
  expect(portico.options.walletConnect).toBeDefined()
  expect(getConnectors(portico).map((c) => [c.chain, c.type])).toEqual([
    ['eip155', 'WALLET_CONNECT'],
    ['solana', 'WALLET_CONNECT'],
  ])
  expect(portico.options.metadata).toEqual({
    name: 'My dapp',
    description: 'My dapp',
    url: 'http://localhost',
    icons: [],
  })
  // Server-render safe: nothing is read from storage before initialize().
  expect(portico._internal.hydrated).toBe(false)
})

test('parameters: without projectId there is no WalletConnect (and the usual alert)', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = getDefaultConfig({ appName: 'My dapp', storage: null })
  expect(portico.options.walletConnect).toBeUndefined()
  expect(getConnectors(portico)).toEqual([])
})

test('parameters: networks pick their adapters; app metadata and other options pass through', () => {
  const portico = getDefaultConfig({
    appName: 'My dapp',
    appDescription: 'Swaps',
    appUrl: 'https://example.test',
    appIcon: 'https://example.test/icon.png',
    projectId: 'p1',
    networks: [polkadot, mainnet],
    storage: null,
    ssr: false,
    allowUnsupportedChain: true,
  })
  expect([...portico.adapters.keys()]).toEqual(['polkadot', 'eip155'])
  expect(portico.defaultNetwork).toBe(polkadot)
  expect(portico.options.metadata).toEqual({
    name: 'My dapp',
    description: 'Swaps',
    url: 'https://example.test',
    icons: ['https://example.test/icon.png'],
  })
  expect(portico.options.allowUnsupportedChain).toBe(true)
  expect(portico._internal.ssr).toBe(false)
})

test('parameters: explicit adapters replace the defaults', () => {
  const adapter = eip155Adapter()
  const portico = getDefaultConfig({
    appName: 'x',
    projectId: 'p1',
    networks: [mainnet],
    adapters: [adapter],
    storage: null,
  })
  expect(portico.adapters.get('eip155')).toBe(adapter)
})

test('behavior: bad input is createPortico’s typed error', () => {
  expect(() => getDefaultConfig({ appName: 'x', appUrl: 'not a url', projectId: 'p1', storage: null })).toThrowError(
    InvalidOptionsError,
  )
})

test('parameters: Polkadot, Bitcoin and Cosmos networks bring their adapters, reached over WalletConnect', () => {
  const portico = getDefaultConfig({
    appName: 'x',
    projectId: 'p1',
    networks: [mainnet, solana, bitcoin, polkadot, cosmosHub],
    storage: null,
  })
  expect([...portico.adapters.keys()]).toEqual(['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'])
  for (const namespace of ['bip122', 'polkadot', 'cosmos'] as const)
    expect(portico.adapters.get(namespace)?.namespace).toBe(namespace)
  expect(getConnectors(portico).map((c) => [c.chain, c.type])).toEqual([
    ['eip155', 'WALLET_CONNECT'],
    ['solana', 'WALLET_CONNECT'],
    ['bip122', 'WALLET_CONNECT'],
    ['polkadot', 'WALLET_CONNECT'],
    ['cosmos', 'WALLET_CONNECT'],
  ])
})

test('parameters: a network defined with bip122Network, or spread from bitcoin, brings its adapter too', () => {
  const regtest = bip122Network({
    genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    testnet: true,
  })
  const ownRpc = { ...bitcoin, rpcUrls: { default: { http: ['http://127.0.0.1:18443'] } } }
  for (const network of [regtest, ownRpc]) {
    const portico = getDefaultConfig({ appName: 'x', projectId: 'p1', networks: [network], storage: null })
    expect([...portico.adapters.keys()]).toEqual(['bip122'])
  }
})

test('behavior: the adapter does not travel in JSON or a structured clone; such a network needs `adapters`', () => {
  const copies = [JSON.parse(JSON.stringify(bitcoin)) as typeof bitcoin, structuredClone(bitcoin)]
  for (const copy of copies) {
    expect(bitcoin).toMatchObject(copy)
    let error: unknown
    try {
      getDefaultConfig({ appName: 'x', projectId: 'p1', networks: [mainnet, copy], storage: null })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).issues).toEqual([
      { path: 'networks.1', message: 'No adapter configured for namespace bip122' },
    ])
    const adapter = bip122Adapter()
    const portico = getDefaultConfig({
      appName: 'x',
      projectId: 'p1',
      networks: [mainnet, copy],
      adapters: [eip155Adapter(), adapter],
      storage: null,
    })
    expect(portico.adapters.get('bip122')).toBe(adapter)
  }
})
