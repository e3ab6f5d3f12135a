import { afterEach, expect, test, vi } from 'vitest'
import { getConnectors } from './actions/getConnectors.js'
import { eip155Adapter } from './adapters/eip155/eip155Adapter.js'
import { InvalidOptionsError } from './errors/config.js'
import { getDefaultConfig } from './getDefaultConfig.js'
import { mainnet, polkadot, solana } from './networks.js'

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
