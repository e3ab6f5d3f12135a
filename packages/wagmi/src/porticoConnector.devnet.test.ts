// Real wagmi actions (the ones wagmi's hooks call) against Portico connected to a real EIP-6963 test
// wallet on the devnet's anvil. No mocks: the wallet signs, anvil mines.
import {
  createPortico,
  eip155Adapter,
  getNetwork,
  initialize,
  connect as porticoConnect,
  getConnection as porticoConnection,
  disconnect as porticoDisconnect,
  switchNetwork,
} from '@portico/headless/core'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import {
  connect,
  createStorage,
  disconnect,
  getBalance,
  getConnection,
  reconnect,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { defineChain, http, parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { devnetSuite } from '../../headless/src/test/devnetSuite.js'
import { createWagmiConfig } from './createWagmiConfig.js'
import { porticoConnectorId } from './porticoConnector.js'
import { porticoNetworks } from './porticoNetworks.js'
import { untilPortico, untilWagmi } from './test/until.js'

const suite = devnetSuite()
const { stops } = suite

function memory() {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

function chains() {
  const rpcUrl = suite.devnet.evm.rpcUrl
  const rpcUrls = { default: { http: [rpcUrl] } }
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  return [
    defineChain({ id: 31337, name: 'Devnet', nativeCurrency, rpcUrls, testnet: true }),
    defineChain({ id: 31338, name: 'Devnet 2', nativeCurrency, rpcUrls, testnet: true }),
  ] as const
}

/** One page: a wallet, a Portico over the wagmi config's chains, and the wagmi config. Storages survive a "reload". */
function page(storages = { portico: memory(), wagmi: memory() }, { openModal = false } = {}) {
  const wagmiChains = chains()
  const rpcUrl = suite.devnet.evm.rpcUrl
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    networks: porticoNetworks(wagmiChains),
    adapters: [eip155Adapter()],
    storage: storages.portico,
    ssr: false,
  })
  stops.push(initialize(portico))
  const config = createWagmiConfig({
    portico,
    chains: wagmiChains,
    transports: { 31337: http(rpcUrl), 31338: http(rpcUrl) },
    storage: createStorage({ storage: storages.wagmi }),
    // What Portico UI's `open()` would lead to: the user picks the installed wallet in the modal.
    openModal: openModal
      ? () => void porticoConnect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
      : undefined,
  })
  return { portico, config, storages }
}

function installWallet() {
  const wallet = createTestEip1193Wallet({
    accounts: suite.devnet.evm.accounts.map((a) => a.privateKey),
    chains: [
      { id: 31337, rpcUrl: suite.devnet.evm.rpcUrl },
      { id: 31338, rpcUrl: suite.devnet.evm.rpcUrl },
    ],
  })
  stops.push(wallet.announce())
  return wallet
}

async function connectedPage() {
  const wallet = installWallet()
  const setup = page()
  await porticoConnect(setup.portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  await untilWagmi(setup.config, (c) => c.status === 'connected')
  return { wallet, ...setup }
}

describe('Portico drives wagmi', () => {
  test('behavior: connecting in Portico shows in wagmi with the address and chain', async () => {
    const { wallet, config } = await connectedPage()
    const connection = getConnection(config)
    expect(connection).toMatchObject({
      status: 'connected',
      address: wallet.address,
      chainId: 31337,
      connector: { id: porticoConnectorId },
    })
  })

  test('behavior: wagmi reads the balance and sends a transaction through Portico to anvil', async () => {
    const { wallet, config } = await connectedPage()
    const to = suite.devnet.evm.accounts[4].address
    const before = await getBalance(config, { address: to })
    expect((await getBalance(config, { address: wallet.address })).value).toBeGreaterThan(0n)

    const hash = await sendTransaction(config, { to, value: parseEther('0.25') })
    const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 20 })
    expect(receipt).toMatchObject({ status: 'success', from: wallet.address.toLowerCase() })
    expect((await getBalance(config, { address: to })).value).toBe(before.value + parseEther('0.25'))
    // The one path to the wallet: the wallet itself received the transaction to sign.
    expect(wallet.requests.map((r) => r.method)).toContain('eth_sendTransaction')
  })

  test('behavior: switching chain in wagmi moves Portico, and switching in Portico moves wagmi', async () => {
    const { config, portico } = await connectedPage()
    await switchChain(config, { chainId: 31338 })
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31338)
    expect(porticoConnection(portico, { namespace: 'eip155' }).caipNetworkId).toBe('eip155:31338')
    expect(getConnection(config).chainId).toBe(31338)

    await switchNetwork(portico, { caipNetworkId: 'eip155:31337' })
    expect((await untilWagmi(config, (c) => c.chainId === 31337)).chainId).toBe(31337)
  })

  test('behavior: a wagmi switch to a chain wagmi does not know fails and both stay', async () => {
    const { config, portico } = await connectedPage()
    await expect(switchChain(config, { chainId: 1 as 31337 })).rejects.toMatchObject({
      name: 'SwitchChainError',
      cause: { name: 'ChainNotConfiguredError' },
    })
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31337)
    expect(getConnection(config).chainId).toBe(31337)
  })

  test('behavior: disconnecting in wagmi disconnects Portico', async () => {
    const { config, portico } = await connectedPage()
    await disconnect(config)
    expect(getConnection(config).status).toBe('disconnected')
    expect((await untilPortico(portico, (c) => c.isDisconnected)).isDisconnected).toBe(true)
  })

  test('behavior: disconnecting in Portico disconnects wagmi', async () => {
    const { config, portico } = await connectedPage()
    await porticoDisconnect(portico, { namespace: 'eip155' })
    expect((await untilWagmi(config, (c) => c.status === 'disconnected')).address).toBeUndefined()
  })

  test('behavior: the wallet switching account shows in wagmi', async () => {
    const { wallet, config } = await connectedPage()
    wallet.setAccount(3)
    const connection = await untilWagmi(config, (c) => c.address === suite.devnet.evm.accounts[3].address)
    expect(connection.address).toBe(wallet.address)
  })
})

describe('wagmi connect', () => {
  test('behavior: wagmi connect opens Portico and resolves with the wallet the user picked', async () => {
    const wallet = installWallet()
    const { config, portico } = page(undefined, { openModal: true })
    const connector = config.connectors.find((c) => c.id === porticoConnectorId)
    if (!connector) throw new Error('no Portico connector')
    const result = await connect(config, { connector })
    expect(result).toEqual({ accounts: [wallet.address], chainId: 31337 })
    expect(porticoConnection(portico, { namespace: 'eip155' }).address).toBe(wallet.address)
    expect(getConnection(config).status).toBe('connected')
  })

  test('behavior: with a chain id, wagmi connect also switches Portico', async () => {
    installWallet()
    const { config, portico } = page(undefined, { openModal: true })
    const connector = config.connectors.find((c) => c.id === porticoConnectorId)
    if (!connector) throw new Error('no Portico connector')
    expect((await connect(config, { connector, chainId: 31338 })).chainId).toBe(31338)
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31338)
  })

  test('errors: without openModal and nothing connected in Portico, NotConnectedError', async () => {
    installWallet()
    const { config } = page()
    const connector = config.connectors.find((c) => c.id === porticoConnectorId)
    if (!connector) throw new Error('no Portico connector')
    await expect(connect(config, { connector })).rejects.toMatchObject({ name: 'NotConnectedError' })
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('behavior: wagmi finds no second path to the installed wallet (its own EIP-6963 discovery is off)', async () => {
    installWallet()
    const { config } = page()
    expect(config.connectors.map((c) => c.id)).toEqual([porticoConnectorId])
  })
})

test('behavior: after a reload both reconnect from storage to the same account and chain', async () => {
  const first = await connectedPage()
  await switchChain(first.config, { chainId: 31338 })
  const address = getConnection(first.config).address

  // The reload: new instances over the same storages, the wallet still authorising the site.
  const second = page(first.storages)
  await reconnect(second.config)
  const connection = await untilWagmi(second.config, (c) => c.status === 'connected')
  expect(connection).toMatchObject({ address, chainId: 31338, connector: { id: porticoConnectorId } })
  expect(porticoConnection(second.portico, { namespace: 'eip155' })).toMatchObject({ address, isConnected: true })
})
