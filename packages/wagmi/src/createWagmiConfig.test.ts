// createWagmiConfig: wagmi's createConfig with Portico's connector first, wagmi's own EIP-6963
// discovery off unless asked for, `openModal` handed to the connector and every other option passed
// through. What the connector then does is tested in porticoConnector.test.ts and
// porticoConnector.devnet.test.ts.
import { createPortico, eip155Adapter, initialize, connect as porticoConnect } from '@portico/headless/core'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { connect, createStorage, getConnection, injected } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { afterAll, afterEach, beforeAll, expect, inject, test, vi } from 'vitest'
import { memoryStorage } from '../../headless/src/test/fixtures.js'
// The devnet the unit project's globalSetup provides (its `inject` type).
import type {} from '../../headless/src/test/globalDevnet.js'
import { installTestWindow, removeTestWindow } from '../../headless/src/test/window.js'
import { createWagmiConfig } from './createWagmiConfig.js'
import { porticoConnectorId } from './porticoConnector.js'
import { porticoNetworks } from './porticoNetworks.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
beforeAll(() => void installTestWindow())
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const rdns = 'dev.portico.devnet'

function setup() {
  const rpcUrls = { default: { http: [devnet.evmRpcUrl] } }
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const chains = [
    defineChain({ id: 31337, name: 'Devnet', nativeCurrency, rpcUrls, testnet: true }),
    defineChain({ id: 31338, name: 'Devnet 2', nativeCurrency, rpcUrls, testnet: true }),
  ] as const
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: porticoNetworks(chains),
    adapters: [eip155Adapter()],
    storage: memoryStorage(),
    ssr: false,
  })
  stops.push(initialize(portico))
  const transports = { 31337: http(devnet.evmRpcUrl), 31338: http(devnet.evmRpcUrl) }
  return { portico, chains, transports }
}

function announceWallet() {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[0] as `0x${string}`],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  stops.push(wallet.announce())
  return wallet
}

test("default: Portico's connector is the only one, and an announced EIP-6963 wallet gets no second connector", () => {
  announceWallet()
  const config = createWagmiConfig(setup())
  expect(config.connectors.map((c) => [c.id, c.name, c.type])).toEqual([[porticoConnectorId, 'Portico', 'portico']])
  // Announced again after the config exists: wagmi's discovery would add it now.
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  expect(config.connectors.map((c) => c.id)).toEqual([porticoConnectorId])
})

test('behavior: multiInjectedProviderDiscovery: true turns wagmi discovery back on, after Portico', () => {
  announceWallet()
  const config = createWagmiConfig({ ...setup(), multiInjectedProviderDiscovery: true })
  expect(config.connectors.map((c) => c.id)).toEqual([porticoConnectorId, rdns])
})

test("behavior: the host's own connectors come after Portico's, in their order", () => {
  const config = createWagmiConfig({
    ...setup(),
    connectors: [
      injected({ target: { id: 'first', name: 'First', provider: () => undefined } }),
      injected({ target: { id: 'second', name: 'Second', provider: () => undefined } }),
    ],
  })
  expect(config.connectors.map((c) => c.id)).toEqual([porticoConnectorId, 'first', 'second'])
})

test("behavior: wagmi's other options pass through (chains, storage, ssr)", () => {
  const { chains, ...rest } = setup()
  const storage = createStorage({ storage: memoryStorage(), key: 'host' })
  const config = createWagmiConfig({ ...rest, chains, storage, ssr: true })
  expect(config.chains.map((c) => c.id)).toEqual([31337, 31338])
  expect(config.chains[0]).toBe(chains[0])
  expect(config.storage).toBe(storage)
  expect(config._internal.ssr).toBe(true)
  expect(createWagmiConfig({ ...rest, chains, storage: null }).storage).toBeNull()
})

test("behavior: openModal reaches the connector: wagmi's connect opens it and resolves with the wallet picked there", async () => {
  const wallet = announceWallet()
  const { portico, ...rest } = setup()
  const openModal = vi.fn(() => void porticoConnect(portico, { connectorId: rdns, namespace: 'eip155' }))
  const config = createWagmiConfig({ ...rest, portico, openModal })
  const [connector] = config.connectors
  if (!connector) throw new Error('no connector')
  expect(await connect(config, { connector })).toEqual({ accounts: [wallet.address], chainId: 31337 })
  expect(openModal).toHaveBeenCalledTimes(1)
  expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address })
})

test('edge: each config gets its own connector instance, bound to its own Portico', async () => {
  const wallet = announceWallet()
  const a = setup()
  const b = setup()
  const configA = createWagmiConfig(a)
  const configB = createWagmiConfig(b)
  expect(configA.connectors[0]).not.toBe(configB.connectors[0])
  await porticoConnect(a.portico, { connectorId: rdns, namespace: 'eip155' })
  expect(await configA.connectors[0]?.getAccounts()).toEqual([wallet.address])
  expect(await configB.connectors[0]?.getAccounts()).toEqual([])
})
