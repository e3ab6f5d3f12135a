// The network factories and the predefined networks: the CAIP-2 id each factory derives (eip155
// from the chain id, Solana from the genesis hash's first 32 characters), the defaults it fills
// in, fromViemChain's mapping of a viem chain, and that a factory's output is what createPortico
// and addNetwork accept. The factories do not validate: bad input becomes a network that
// createPortico (and addNetwork) refuses with the spec's texts ('Invalid CAIP-2 network id'),
// shown here from the factories' side. The option check itself is options.test.ts and
// createPortico.test.ts; addNetwork's refusal is actions/addNetwork.test.ts; networks that carry
// their adapter (bip122Network, polkadotNetwork, cosmosNetwork) reaching getDefaultConfig, and
// losing it through JSON or a structured clone, are getDefaultConfig.test.ts.
import { anvil as viemAnvil, base as viemBase, sepolia as viemSepolia } from 'viem/chains'
import { expect, test } from 'vitest'
import { offlinePortico, testAdapters } from '../test/fixtures.js'
import { addNetwork } from './actions/addNetwork.js'
import { bip122Adapter } from './adapters/bip122/bip122Adapter.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from './adapters/solana/solanaAdapter.js'
import { createPortico } from './createPortico.js'
import { InvalidOptionsError } from './errors/config.js'
import {
  base,
  eip155Network,
  fromViemChain,
  mainnet,
  networkAdapter,
  sepolia,
  solana,
  solanaDevnet,
  solanaNetwork,
  walletConnectNetwork,
} from './networks.js'
import type { PorticoNetwork } from './types.js'
import { isEvmAddress } from './utils/address.js'
import { isCaipNetworkId } from './utils/caip.js'

/** The issues createPortico raises for `networks`, or [] when it accepts them. */
function networkIssues(networks: readonly PorticoNetwork[]) {
  try {
    createPortico({
      projectId: 'p',
      networks: networks as [PorticoNetwork, ...PorticoNetwork[]],
      adapters: testAdapters(),
      walletConnect: false,
      remoteConfig: false,
      storage: null,
    })
    return []
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError)
    return [...(error as InvalidOptionsError).issues]
  }
}

const genesis = 'B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75MhTChrrUNHcRp'

test('default: eip155Network derives the CAIP-2 id from the chain id and fills in Ether, one RPC URL and no extras', () => {
  expect(eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'http://127.0.0.1:8545' })).toEqual({
    id: 10,
    caipNetworkId: 'eip155:10',
    chainNamespace: 'eip155',
    name: 'OP Mainnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    blockExplorers: undefined,
    assets: undefined,
    testnet: undefined,
    tokens: undefined,
  })
})

test('behavior: eip155Network keeps every parameter given: several RPC URLs, currency, explorer, image, testnet and tokens', () => {
  const tokens = [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'TT', decimals: 6 }]
  const network = eip155Network({
    id: 31337,
    name: 'Devnet',
    rpcUrl: ['http://127.0.0.1:8545', 'http://127.0.0.1:8546'],
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    blockExplorer: { name: 'Local', url: 'http://127.0.0.1:4000' },
    imageUrl: 'http://127.0.0.1:4000/devnet.png',
    testnet: true,
    tokens,
  })
  expect(network).toEqual({
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet',
    nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545', 'http://127.0.0.1:8546'] } },
    blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
    assets: { imageUrl: 'http://127.0.0.1:4000/devnet.png' },
    testnet: true,
    tokens,
  })
  expect(networkIssues([network])).toEqual([])
})

test('default: solanaNetwork uses the first 32 characters of the genesis hash as id and CAIP-2 reference, and SOL with 9 decimals', () => {
  const network = solanaNetwork({ genesisHash: genesis, name: 'Solana Local', rpcUrl: 'http://127.0.0.1:8899' })
  expect(network).toEqual({
    id: 'B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75M',
    caipNetworkId: 'solana:B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75M',
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    blockExplorers: undefined,
    assets: undefined,
    testnet: undefined,
    tokens: undefined,
  })
  expect(network.id).toHaveLength(32)
  expect(networkIssues([network])).toEqual([])
})

test('edge: a Solana genesis hash of 32 characters or fewer is the reference whole', () => {
  expect(solanaNetwork({ genesisHash: 'abc123', name: 'Short', rpcUrl: 'http://127.0.0.1:8899' })).toMatchObject({
    id: 'abc123',
    caipNetworkId: 'solana:abc123',
  })
  const exact = genesis.slice(0, 32)
  expect(solanaNetwork({ genesisHash: exact, name: 'Exact', rpcUrl: 'http://127.0.0.1:8899' }).caipNetworkId).toBe(
    `solana:${exact}`,
  )
})

test('behavior: solanaNetwork keeps the explorer, image, testnet flag, SPL tokens and every RPC URL', () => {
  const tokens = [{ address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', decimals: 6 }]
  const network = solanaNetwork({
    genesisHash: genesis,
    name: 'Solana Local',
    rpcUrl: ['http://127.0.0.1:8899', 'http://127.0.0.1:8898'],
    blockExplorer: { name: 'Local', url: 'http://127.0.0.1:4001' },
    imageUrl: 'http://127.0.0.1:4001/sol.png',
    testnet: true,
    tokens,
  })
  expect(network).toMatchObject({
    rpcUrls: { default: { http: ['http://127.0.0.1:8899', 'http://127.0.0.1:8898'] } },
    blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4001' } },
    assets: { imageUrl: 'http://127.0.0.1:4001/sol.png' },
    testnet: true,
    tokens,
  })
})

test('behavior: fromViemChain maps the chain id, name, RPC URLs, currency, explorer and testnet flag', () => {
  const network = fromViemChain(viemSepolia)
  expect(network).toMatchObject({
    id: 11155111,
    caipNetworkId: 'eip155:11155111',
    chainNamespace: 'eip155',
    name: viemSepolia.name,
    nativeCurrency: viemSepolia.nativeCurrency,
    rpcUrls: { default: { http: [...viemSepolia.rpcUrls.default.http] } },
    blockExplorers: { default: viemSepolia.blockExplorers.default },
    testnet: true,
    tokens: undefined,
    assets: undefined,
  })
  // The same network as the predefined one, but for its RPC URL.
  expect({ ...network, rpcUrls: sepolia.rpcUrls, blockExplorers: sepolia.blockExplorers }).toEqual(sepolia)
  expect(networkIssues([network])).toEqual([])
})

test('behavior: fromViemChain adds the tokens and image given', () => {
  const tokens = [{ address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 }]
  const network = fromViemChain(viemBase, { tokens, imageUrl: 'https://example.test/base.png' })
  expect(network).toMatchObject({
    caipNetworkId: 'eip155:8453',
    name: 'Base',
    tokens,
    assets: { imageUrl: 'https://example.test/base.png' },
  })
  expect(network.testnet).toBeUndefined()
})

test('edge: a viem chain without an explorer (anvil) has none; its one RPC URL is the network’s and createPortico accepts it', () => {
  const network = fromViemChain(viemAnvil)
  expect(network).toMatchObject({
    caipNetworkId: 'eip155:31337',
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  expect(network.blockExplorers).toBeUndefined()
  expect(networkIssues([network])).toEqual([])
})

test('default: the predefined networks have the CAIP-2 ids of their chains, and only Sepolia and Solana Devnet are testnets', () => {
  expect(
    [mainnet, sepolia, base, solana, solanaDevnet].map((n) => [n.caipNetworkId, n.id, n.name, n.testnet ?? false]),
  ).toEqual([
    ['eip155:1', 1, 'Ethereum', false],
    ['eip155:11155111', 11155111, 'Sepolia', true],
    ['eip155:8453', 8453, 'Base', false],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', false],
    ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', true],
  ])
  for (const network of [mainnet, sepolia, base, solana, solanaDevnet]) {
    expect(isCaipNetworkId(network.caipNetworkId)).toBe(true)
    expect(network.rpcUrls.default.http.every((url) => url.startsWith('https://'))).toBe(true)
  }
  expect([solana, solanaDevnet].map((n) => n.nativeCurrency)).toEqual([
    { name: 'Solana', symbol: 'SOL', decimals: 9 },
    { name: 'Solana', symbol: 'SOL', decimals: 9 },
  ])
  expect(sepolia.nativeCurrency).toEqual({ name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 })
})

test('default: mainnet lists USDC with its checksummed contract address and 6 decimals', () => {
  expect(mainnet.tokens).toEqual([
    { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  ])
  expect(isEvmAddress(mainnet.tokens?.[0]?.address)).toBe(true)
})

test('behavior: the predefined networks are accepted together and are plain data (a JSON copy is equal and carries no adapter)', () => {
  const predefined = [mainnet, sepolia, base, solana, solanaDevnet]
  expect(networkIssues(predefined)).toEqual([])
  for (const network of predefined) {
    expect(JSON.parse(JSON.stringify(network))).toEqual(network)
    expect(structuredClone(network)).toEqual(network)
    expect(networkAdapter(network)).toBeUndefined()
  }
})

test('behavior: walletConnectNetwork builds the CAIP-2 id from namespace and reference and carries its adapter out of sight', () => {
  const adapter = () => bip122Adapter()
  const network = walletConnectNetwork(
    'bip122',
    '000000000019d6689c085ae165831e93',
    { name: 'Bitcoin', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } },
    adapter,
  )
  // (Its string-keyed fields: the adapter is under a symbol key.)
  expect(Object.fromEntries(Object.entries(network))).toEqual({
    id: '000000000019d6689c085ae165831e93',
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
    chainNamespace: 'bip122',
    name: 'Bitcoin',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    // Reached only through WalletConnect: no RPC URL needed.
    rpcUrls: { default: { http: [] } },
    blockExplorers: undefined,
    assets: undefined,
    testnet: undefined,
  })
  expect(networkAdapter(network)).toBe(adapter)
  expect(networkAdapter({ ...network })).toBe(adapter)
  expect(networkAdapter(JSON.parse(JSON.stringify(network)))).toBeUndefined()
  expect(Object.getOwnPropertySymbols(network)).toHaveLength(1)
})

test('behavior: walletConnectNetwork takes one RPC URL or several, an explorer, an image and the testnet flag', () => {
  const nativeCurrency = { name: 'Atom', symbol: 'ATOM', decimals: 6 }
  const one = walletConnectNetwork(
    'cosmos',
    'theta-testnet-001',
    {
      name: 'Theta',
      nativeCurrency,
      rpcUrl: 'http://127.0.0.1:26657',
      blockExplorer: { name: 'Local', url: 'http://127.0.0.1:4002' },
      imageUrl: 'http://127.0.0.1:4002/atom.png',
      testnet: true,
    },
    () => bip122Adapter(),
  )
  expect(one).toMatchObject({
    caipNetworkId: 'cosmos:theta-testnet-001',
    rpcUrls: { default: { http: ['http://127.0.0.1:26657'] } },
    blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4002' } },
    assets: { imageUrl: 'http://127.0.0.1:4002/atom.png' },
    testnet: true,
  })
  const several = walletConnectNetwork(
    'polkadot',
    '91b171bb158e2d3848fa23a9f1c25182',
    { name: 'Polkadot', nativeCurrency, rpcUrl: ['http://127.0.0.1:9944', 'http://127.0.0.1:9945'] },
    () => bip122Adapter(),
  )
  expect(several.rpcUrls.default.http).toEqual(['http://127.0.0.1:9944', 'http://127.0.0.1:9945'])
})

test('behavior: a factory-made network is added at runtime as given, and selected by its CAIP-2 id', () => {
  const portico = offlinePortico('networks-add')
  const optimism = eip155Network({ id: 10, name: 'OP Mainnet', rpcUrl: 'http://127.0.0.1:1' })
  const local = solanaNetwork({
    genesisHash: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    name: 'Another',
    rpcUrl: 'http://127.0.0.1:1',
  })
  addNetwork(portico, { network: optimism })
  addNetwork(portico, { network: local })
  expect(portico.networks.slice(-2)).toEqual([optimism, local])
  expect(portico.networks.find((n) => n.caipNetworkId === 'eip155:10')).toBe(optimism)
})

test('error: an eip155 chain id that is not a positive integer is refused on the id', () => {
  for (const id of [0, -1, 1.5]) {
    const network = eip155Network({ id, name: 'Bad', rpcUrl: 'http://127.0.0.1:1' })
    expect(network.caipNetworkId).toBe(`eip155:${id}`)
    expect(networkIssues([network])).toEqual([
      { path: 'networks.0.id', message: 'expected a positive int or a string' },
    ])
  }
})

test("error: a Solana genesis hash with characters a CAIP-2 reference cannot hold gives 'Invalid CAIP-2 network id'", () => {
  for (const genesisHash of ['not a genesis hash', 'abc:def', 'abc/def']) {
    const network = solanaNetwork({ genesisHash, name: 'Bad', rpcUrl: 'http://127.0.0.1:8899' })
    expect(networkIssues([network])).toEqual([
      { path: 'networks.0.caipNetworkId', message: 'Invalid CAIP-2 network id' },
    ])
  }
  // An empty hash leaves an empty id, refused before the CAIP-2 id is read.
  const empty = solanaNetwork({ genesisHash: '', name: 'Bad', rpcUrl: 'http://127.0.0.1:8899' })
  expect(empty.caipNetworkId).toBe('solana:')
  expect(networkIssues([empty])).toEqual([{ path: 'networks.0.id', message: 'expected a positive int or a string' }])
})

test('error: a factory given no RPC URL, or one that is not http(s), is refused naming the URL list', () => {
  const none = eip155Network({ id: 10, name: 'No RPC', rpcUrl: [] })
  expect(networkIssues([none])).toEqual([
    { path: 'networks.0.rpcUrls.default.http', message: 'at least one RPC URL is required' },
  ])
  const solanaNone = solanaNetwork({ genesisHash: genesis, name: 'No RPC', rpcUrl: [] })
  expect(networkIssues([solanaNone])).toEqual([
    { path: 'networks.0.rpcUrls.default.http', message: 'at least one RPC URL is required' },
  ])
  const websocket = eip155Network({ id: 10, name: 'WS', rpcUrl: 'ws://127.0.0.1:8545' })
  expect(networkIssues([websocket])).toEqual([
    { path: 'networks.0.rpcUrls.default.http.0', message: 'must be an http(s) URL' },
  ])
})

test('error: the same chain made twice (by eip155Network and fromViemChain) is listed twice', () => {
  const twice = [eip155Network({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' }), fromViemChain(viemBase)]
  expect(networkIssues(twice)).toEqual([{ path: 'networks.1', message: 'eip155:8453 is listed twice' }])
})

test('error: a network of a namespace without its adapter is refused with the namespace named', () => {
  expect(() =>
    createPortico({
      projectId: 'p',
      networks: [solana],
      adapters: [eip155Adapter()],
      walletConnect: false,
      storage: null,
    }),
  ).toThrowError(
    expect.objectContaining({
      issues: [{ path: 'networks.0', message: 'No adapter configured for namespace solana' }],
    }),
  )
  expect(() =>
    createPortico({
      projectId: 'p',
      networks: [solana],
      adapters: [solanaAdapter()],
      walletConnect: false,
      storage: null,
    }),
  ).not.toThrow()
})
