// The wagmi connector contract of `porticoConnector`, driven directly and through wagmi's actions,
// against Portico connected to a real EIP-6963 test wallet on the shared devnet's anvil: what the
// connector's methods and events report, wagmi's typed errors (unknown chain, user rejection, a
// switch that fails: SwitchChainError, and a connect that then stays on its chain), the
// reload without a prompt, one event per change, two configs over two Porticos kept apart, a
// wagmi connect whose modal the user closes without connecting, and a missing Portico instance.
// End-to-end flows (sending, balances, the wagmi connect that opens Portico) are in
// porticoConnector.devnet.test.ts, WalletConnect in porticoConnector.walletConnect.devnet.test.ts,
// wagmi's React hooks in hooks.test.tsx.
import {
  BaseError,
  createPortico,
  eip155Adapter,
  getNetwork,
  initialize,
  type Portico,
  connect as porticoConnect,
  getConnection as porticoConnection,
  disconnect as porticoDisconnect,
  switchNetwork,
} from '@portico/headless/core'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import {
  ChainNotConfiguredError,
  type Connector,
  connect,
  createStorage,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
} from '@wagmi/core'
import { defineChain, http, SwitchChainError, UserRejectedRequestError } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { memoryStorage } from '../../headless/src/test/fixtures.js'
// The devnet the unit project's globalSetup provides (its `inject` type).
import type {} from '../../headless/src/test/globalDevnet.js'
import { installTestWindow, removeTestWindow } from '../../headless/src/test/window.js'
import { createWagmiConfig } from './createWagmiConfig.js'
import { porticoConnector, porticoConnectorId } from './porticoConnector.js'
import { porticoNetworks } from './porticoNetworks.js'
import { untilPortico, untilWagmi } from './test/until.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
beforeAll(() => void installTestWindow())
afterAll(() => removeTestWindow())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

const rdns = 'dev.portico.devnet'

function chains() {
  const rpcUrls = { default: { http: [devnet.evmRpcUrl] } }
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  return [
    defineChain({ id: 31337, name: 'Devnet', nativeCurrency, rpcUrls, testnet: true }),
    defineChain({ id: 31338, name: 'Devnet 2', nativeCurrency, rpcUrls, testnet: true }),
  ] as const
}

function installWallet() {
  const wallet = createTestEip1193Wallet({
    accounts: devnet.evmPrivateKeys.slice(0, 4) as `0x${string}`[],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
  })
  stops.push(wallet.announce())
  return wallet
}

const refusingRdns = 'dev.portico.devnet.refusing'

/**
 * A wallet that answers every chain switch with an error of its own (-32000), as some wallets do
 * for a chain they will not use: the test wallet behind a provider that refuses the switch.
 */
function announceRefusingWallet() {
  const wallet = createTestEip1193Wallet({
    accounts: [devnet.evmPrivateKeys[0] as `0x${string}`],
    chains: [
      { id: 31337, rpcUrl: devnet.evmRpcUrl },
      { id: 31338, rpcUrl: devnet.evmRpcUrl },
    ],
    info: { rdns: refusingRdns, name: 'Refusing Wallet' },
  })
  const inner = wallet.provider
  const provider = {
    request: (args: { method: string; params?: unknown }) =>
      args.method === 'wallet_switchEthereumChain'
        ? Promise.reject(Object.assign(new Error('Chain switching is disabled.'), { code: -32000 }))
        : inner.request(args as never),
    on: inner.on.bind(inner),
    removeListener: inner.removeListener.bind(inner),
  }
  const detail = Object.freeze({ info: wallet.info, provider })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  return wallet
}

type Storages = { portico: ReturnType<typeof memoryStorage>; wagmi: ReturnType<typeof memoryStorage> }

/** One page: a Portico over the wagmi chains and its wagmi config. The storages survive a "reload". */
function page(
  storages: Storages = { portico: memoryStorage(), wagmi: memoryStorage() },
  {
    openModal,
    porticoChains = chains().length,
  }: {
    openModal?: ((portico: Portico) => void) | ((portico: Portico) => PromiseLike<unknown>)
    porticoChains?: 1 | 2
  } = {},
) {
  const wagmiChains = chains()
  const portico = createPortico({
    projectId: 'p',
    walletConnect: false,
    // A host may give Portico fewer networks than wagmi has chains (porticoChains: 1, Devnet only).
    networks: porticoNetworks(porticoChains === 1 ? [wagmiChains[0]] : wagmiChains),
    adapters: [eip155Adapter()],
    storage: storages.portico,
    ssr: false,
  })
  stops.push(initialize(portico))
  const config = createWagmiConfig({
    portico,
    chains: wagmiChains,
    transports: { 31337: http(devnet.evmRpcUrl), 31338: http(devnet.evmRpcUrl) },
    storage: createStorage({ storage: storages.wagmi }),
    openModal: openModal ? () => openModal(portico) : undefined,
  })
  const connector = config.connectors.find((c) => c.id === porticoConnectorId) as Connector
  return { portico, config, connector, storages }
}

/**
 * The connection events the connector emits, in order, as it emits them. A spy on `emit` rather than listeners:
 * wagmi only adds its own `change` listener when the connector has none.
 */
function recordEvents(connector: Connector) {
  const emit = vi.spyOn(connector.emitter, 'emit')
  return {
    get all() {
      return emit.mock.calls
        .filter(([name]) => name === 'connect' || name === 'change' || name === 'disconnect')
        .map(([name, data]) => [name, data] as [string, unknown])
    },
  }
}

async function connectedPage() {
  const wallet = installWallet()
  const setup = page()
  await porticoConnect(setup.portico, { connectorId: rdns, namespace: 'eip155' })
  await untilWagmi(setup.config, (c) => c.status === 'connected')
  return { wallet, ...setup }
}

describe('the connector reads Portico', () => {
  test('default: before anything connects, no accounts, not authorized, and disconnect is a no-op', async () => {
    installWallet()
    const { connector, portico } = page()
    expect(await connector.getAccounts()).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    await connector.disconnect()
    expect(porticoConnection(portico, { namespace: 'eip155' }).isDisconnected).toBe(true)
  })

  test("behavior: getAccounts, getChainId and the provider's eth_accounts / eth_chainId follow Portico", async () => {
    const { wallet, connector, portico } = await connectedPage()
    const provider = (await connector.getProvider()) as { request: (a: { method: string }) => Promise<unknown> }
    expect(await connector.getAccounts()).toEqual([wallet.address])
    expect(await connector.getChainId()).toBe(31337)
    expect(await connector.isAuthorized()).toBe(true)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')

    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(await connector.getChainId()).toBe(31338)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    wallet.setAccount(2)
    await untilPortico(portico, (c) => c.address === wallet.address)
    expect(await connector.getAccounts()).toEqual([wallet.address])
  })

  test('behavior: the provider reaches the wallet through Portico for anything else (a signature)', async () => {
    const { wallet, config } = await connectedPage()
    const signature = await signMessage(config, { message: 'hello' })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1)
  })

  test('behavior: connect while Portico is connected resolves with it at once, without opening anything', async () => {
    const wallet = installWallet()
    const openModal = vi.fn()
    const { connector, portico } = page(undefined, { openModal })
    await porticoConnect(portico, { connectorId: rdns, namespace: 'eip155' })
    const before = wallet.requests.length
    expect(await connector.connect()).toEqual({ accounts: [wallet.address], chainId: 31337 })
    expect(await connector.connect({ withCapabilities: true })).toEqual({
      accounts: [{ address: wallet.address, capabilities: {} }],
      chainId: 31337,
    })
    expect(openModal).not.toHaveBeenCalled()
    // Asking for the chain it is on already switches nothing.
    expect(await connector.connect({ chainId: 31337 })).toMatchObject({ chainId: 31337 })
    expect(wallet.requests.slice(before).map((r) => r.method)).not.toContain('wallet_switchEthereumChain')
  })
})

describe("Portico's changes are the connector's events, once each", () => {
  test('behavior: connect, account change, chain change and disconnect in Portico each emit exactly one event', async () => {
    const wallet = installWallet()
    const { connector, portico, config } = page()
    const events = recordEvents(connector)

    await porticoConnect(portico, { connectorId: rdns, namespace: 'eip155' })
    await untilWagmi(config, (c) => c.status === 'connected')
    expect(events.all).toEqual([['connect', { accounts: [wallet.address], chainId: 31337 }]])

    wallet.setAccount(1)
    await untilWagmi(config, (c) => c.address === wallet.address)
    expect(events.all.slice(1)).toEqual([['change', { accounts: [wallet.address] }]])

    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await untilWagmi(config, (c) => c.chainId === 31338)
    expect(events.all.slice(2)).toEqual([['change', { chainId: 31338 }]])

    await porticoDisconnect(portico, { namespace: 'eip155' })
    await untilWagmi(config, (c) => c.status === 'disconnected')
    expect(events.all.slice(3)).toEqual([['disconnect', undefined]])
  })

  test("behavior: the wallet's own chain switch and its disconnect reach wagmi as one event each", async () => {
    const { wallet, connector, config } = await connectedPage()
    const events = recordEvents(connector)
    wallet.setChain(31338)
    expect((await untilWagmi(config, (c) => c.chainId === 31338)).chainId).toBe(31338)
    expect(events.all).toEqual([['change', { chainId: 31338 }]])

    wallet.disconnectFromWallet()
    await untilWagmi(config, (c) => c.status === 'disconnected')
    expect(events.all.slice(1)).toEqual([['disconnect', undefined]])
  })

  test('edge: setting the connector up again (as wagmi may on reconnect) does not double its events', async () => {
    const { wallet, connector, portico, config } = await connectedPage()
    await connector.setup?.()
    await connector.setup?.()
    const events = recordEvents(connector)
    wallet.setAccount(3)
    await untilPortico(portico, (c) => c.address === wallet.address)
    await untilWagmi(config, (c) => c.address === wallet.address)
    expect(events.all).toEqual([['change', { accounts: [wallet.address] }]])
  })

  test('behavior: a wagmi switchChain emits one chain change and moves Portico with it', async () => {
    const { connector, portico, config } = await connectedPage()
    const events = recordEvents(connector)
    await switchChain(config, { chainId: 31338 })
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31338)
    expect(events.all).toEqual([['change', { chainId: 31338 }]])
    expect(getConnection(config).chainId).toBe(31338)
  })
})

describe("wagmi's typed errors", () => {
  test("error: switchChain to a chain the config lacks is viem's SwitchChainError caused by wagmi's ChainNotConfiguredError (as injected's) and asks no wallet", async () => {
    const { wallet, connector, portico } = await connectedPage()
    const before = wallet.requests.length
    const error = await connector.switchChain?.({ chainId: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(SwitchChainError)
    expect((error as SwitchChainError).cause).toBeInstanceOf(ChainNotConfiguredError)
    expect(wallet.requests.slice(before).map((r) => r.method)).not.toContain('wallet_switchEthereumChain')
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31337)
    expect(await connector.getChainId()).toBe(31337)
  })

  test("error: the user declining the connection opened by wagmi's connect is UserRejectedRequestError", async () => {
    const wallet = installWallet()
    const attempts: Promise<unknown>[] = []
    const { config, connector, portico } = page(undefined, {
      openModal: (p) => void attempts.push(porticoConnect(p, { connectorId: rdns, namespace: 'eip155' })),
    })
    wallet.rejectNext('eth_requestAccounts')
    const error = await connect(config, { connector }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(attempts).toHaveLength(1)
    await expect(attempts[0]).rejects.toBeDefined()
    expect(getConnection(config).status).toBe('disconnected')
    expect(porticoConnection(portico, { namespace: 'eip155' }).isConnected).toBe(false)
  })

  test('error: a declined signature reaches wagmi as UserRejectedRequestError', async () => {
    const { wallet, config } = await connectedPage()
    wallet.rejectNext('personal_sign')
    const error = await signMessage(config, { message: 'no' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('connected')
  })

  test('error: a declined chain switch rejects with a 4001 UserRejectedRequestError and both stay put', async () => {
    const { wallet, config, portico } = await connectedPage()
    wallet.rejectNext('wallet_switchEthereumChain')
    const error = await switchChain(config, { chainId: 31338 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31337)
    expect(getConnection(config).chainId).toBe(31337)
  })

  // wagmi's connectors throw viem's UserRejectedRequestError for a declined switch (its
  // SwitchChainErrorType names it), as this one does for connect and signatures: an app telling a
  // declined switch from a failed one with `instanceof` reads it right.
  test("error: a declined chain switch is viem's (wagmi's) UserRejectedRequestError class", async () => {
    const { wallet, config } = await connectedPage()
    wallet.rejectNext('wallet_switchEthereumChain')
    const error = await switchChain(config, { chainId: 31338 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
  })

  // wagmi's own connectors (injected, walletConnect) reject any other failed switch with viem's
  // SwitchChainError (in wagmi's SwitchChainErrorType), whatever the wallet or kit said.
  test("error: a switch Portico cannot make (a chain outside its networks) is viem's SwitchChainError, and both stay", async () => {
    installWallet()
    const { config, portico } = page(undefined, { porticoChains: 1 })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await porticoConnect(portico, { connectorId: rdns, namespace: 'eip155' })
    await untilWagmi(config, (c) => c.status === 'connected')
    const error = await switchChain(config, { chainId: 31338 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(error).toMatchObject({ cause: { name: 'SwitchNetworkNotFoundError' } })
    expect(getNetwork(portico, { namespace: 'eip155' }).network.id).toBe(31337)
    expect(getConnection(config)).toMatchObject({ status: 'connected', chainId: 31337 })
  })

  test("error: a wallet refusing a switch with an error of its own (not the user's 4001) is viem's SwitchChainError", async () => {
    announceRefusingWallet()
    const { config, portico } = page()
    await porticoConnect(portico, { connectorId: refusingRdns, namespace: 'eip155' })
    await untilWagmi(config, (c) => c.status === 'connected')
    const error = await switchChain(config, { chainId: 31338 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(error).not.toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config)).toMatchObject({ status: 'connected', chainId: 31337 })
  })

  // As wagmi's injected connector: a connect that asks for a chain it cannot reach connects on the
  // wallet's chain (only the user declining fails it). Failing it would leave wagmi disconnected
  // while Portico, which the user just connected in its modal, stays connected.
  test('edge: a wagmi connect whose chain switch fails connects on the current chain, both sides in step', async () => {
    const wallet = installWallet()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { config, connector, portico } = page(undefined, {
      porticoChains: 1,
      openModal: (p) => void porticoConnect(p, { connectorId: rdns, namespace: 'eip155' }),
    })
    expect(await connect(config, { connector, chainId: 31338 })).toEqual({ accounts: [wallet.address], chainId: 31337 })
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address, chainId: 31337 })
    expect(porticoConnection(portico, { namespace: 'eip155' }).isConnected).toBe(true)
    expect(warn.mock.calls.map(([message]) => String(message))).toContainEqual(
      expect.stringMatching(/^\[portico\] .*chain 31338.*chain 31337/),
    )
    // Later changes in Portico still reach wagmi.
    wallet.setAccount(1)
    expect((await untilWagmi(config, (c) => c.address === wallet.address)).address).toBe(wallet.address)

    // The user declining the switch still fails the connect, as wagmi's connectors do.
    const declined = page(undefined, {
      openModal: (p) => void porticoConnect(p, { connectorId: rdns, namespace: 'eip155' }),
    })
    wallet.rejectNext('wallet_switchEthereumChain')
    const error = await connect(declined.config, { connector: declined.connector, chainId: 31338 }).catch((e) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
  })
})

describe('reload', () => {
  test('behavior: after a reload, the same account comes back without a prompt and one connect event', async () => {
    const first = await connectedPage()
    first.wallet.setAccount(2)
    const address = (await untilWagmi(first.config, (c) => c.address === first.wallet.address)).address

    const before = first.wallet.requests.length
    const second = page(first.storages)
    const events = recordEvents(second.connector)
    // wagmi asks before Portico has restored its session: the answer waits for it.
    expect(await second.connector.isAuthorized()).toBe(true)
    await reconnect(second.config)
    const connection = await untilWagmi(second.config, (c) => c.status === 'connected')
    expect(connection).toMatchObject({ address, chainId: 31337, connector: { id: porticoConnectorId } })
    expect(await second.connector.getAccounts()).toEqual([address])
    expect(first.wallet.requests.slice(before).map((r) => r.method)).not.toContain('eth_requestAccounts')
    expect(events.all.filter(([name]) => name === 'connect')).toHaveLength(1)
  })

  test('edge: after a reload where the wallet no longer authorises the site, wagmi stays disconnected without a prompt', async () => {
    const first = await connectedPage()
    first.wallet.disconnectFromWallet()
    await untilWagmi(first.config, (c) => c.status === 'disconnected')
    const before = first.wallet.requests.length
    const second = page(first.storages)
    expect(await second.connector.isAuthorized()).toBe(false)
    await reconnect(second.config)
    expect(getConnection(second.config).status).toBe('disconnected')
    expect(first.wallet.requests.slice(before).map((r) => r.method)).not.toContain('eth_requestAccounts')
  })
})

describe('two configs over two Porticos', () => {
  test('security: connecting, switching and disconnecting one Portico is invisible to the other config', async () => {
    installWallet()
    const a = page()
    const b = page()
    const eventsOfB = recordEvents(b.connector)

    await porticoConnect(a.portico, { connectorId: rdns, namespace: 'eip155' })
    await untilWagmi(a.config, (c) => c.status === 'connected')
    await switchChain(a.config, { chainId: 31338 })
    expect(getConnection(a.config).chainId).toBe(31338)

    expect(getConnection(b.config).status).toBe('disconnected')
    expect(await b.connector.getAccounts()).toEqual([])
    expect(await b.connector.isAuthorized()).toBe(false)
    await expect(connect(b.config, { connector: b.connector })).rejects.toMatchObject({ name: 'NotConnectedError' })

    await a.connector.disconnect()
    await untilWagmi(a.config, (c) => c.status === 'disconnected')
    expect(eventsOfB.all).toEqual([])
    expect(a.storages.wagmi.data.size).toBeGreaterThan(0)
    expect([...b.storages.wagmi.data.values()].join()).not.toContain(porticoConnectorId)
  })

  test('security: two Porticos on two wallets: a switch and a disconnect through one config leave the other alone', async () => {
    const first = installWallet()
    const second = createTestEip1193Wallet({
      accounts: [generatePrivateKey()],
      chains: [
        { id: 31337, rpcUrl: devnet.evmRpcUrl },
        { id: 31338, rpcUrl: devnet.evmRpcUrl },
      ],
      info: { rdns: 'dev.portico.devnet.second', name: 'Second Wallet' },
    })
    stops.push(second.announce())
    const a = page()
    const b = page()
    await porticoConnect(a.portico, { connectorId: rdns, namespace: 'eip155' })
    await porticoConnect(b.portico, { connectorId: 'dev.portico.devnet.second', namespace: 'eip155' })
    await untilWagmi(a.config, (c) => c.status === 'connected')
    await untilWagmi(b.config, (c) => c.status === 'connected')
    const eventsOfB = recordEvents(b.connector)

    await switchChain(a.config, { chainId: 31338 })
    expect(await a.connector.getChainId()).toBe(31338)
    await a.connector.disconnect()
    await untilWagmi(a.config, (c) => c.status === 'disconnected')

    expect(await b.connector.getAccounts()).toEqual([second.address])
    expect(await b.connector.getChainId()).toBe(31337)
    expect(getConnection(b.config)).toMatchObject({ status: 'connected', address: second.address, chainId: 31337 })
    expect(second.address).not.toBe(first.address)
    expect(eventsOfB.all).toEqual([])
  })
})

describe('a wagmi connect that opens the modal, and the user closing it', () => {
  type Closing = { resolve(): void; reject(reason: unknown): void }

  /**
   * A host's own modal: `openModal` shows it (running `onOpen`, the user's part) and returns a
   * promise the test settles as the modal closing. `opening()` is the next opening, once shown.
   */
  function hostModal(onOpen: (portico: Portico) => void = () => {}) {
    let shown: (closing: Closing) => void = () => {}
    let next = new Promise<Closing>((resolve) => {
      shown = resolve
    })
    return {
      openModal(portico: Portico) {
        const closed = new Promise<void>((resolve, reject) => {
          const show = shown
          next = new Promise<Closing>((resolve) => {
            shown = resolve
          })
          show({ resolve, reject })
        })
        onOpen(portico)
        return closed
      },
      opening: () => next,
    }
  }

  /**
   * The live subscriptions to Portico's state (its store's `sub`, which every watcher goes
   * through), counted from now on: a connect given up must leave none of its own behind.
   */
  function liveSubscriptions(portico: Portico) {
    const sub = portico.store.sub.bind(portico.store)
    let live = 0
    vi.spyOn(portico.store, 'sub').mockImplementation((atom, listener) => {
      const off = sub(atom, listener)
      let on = true
      live++
      return () => {
        if (on) live--
        on = false
        off()
      }
    })
    return () => live
  }

  const heldRdns = 'dev.portico.devnet.held'

  /**
   * The test wallet behind a provider that holds each connection prompt (`eth_requestAccounts`):
   * `prompt()` resolves, once the next one arrives, with the function that lets the wallet answer.
   */
  function announceHeldWallet() {
    const wallet = createTestEip1193Wallet({
      accounts: [devnet.evmPrivateKeys[0] as `0x${string}`],
      chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
      info: { rdns: heldRdns, name: 'Held Wallet' },
    })
    const inner = wallet.provider
    let prompted: (answer: () => void) => void = () => {}
    let next = new Promise<() => void>((resolve) => {
      prompted = resolve
    })
    const provider = {
      request: async (args: { method: string; params?: unknown }) => {
        if (args.method === 'eth_requestAccounts')
          await new Promise<void>((answer) => {
            const tell = prompted
            next = new Promise((resolve) => {
              prompted = resolve
            })
            tell(answer)
          })
        return inner.request(args as never)
      },
      on: inner.on.bind(inner),
      removeListener: inner.removeListener.bind(inner),
    }
    const detail = Object.freeze({ info: wallet.info, provider })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
    stops.push(() => window.removeEventListener('eip6963:requestProvider', announce))
    return { wallet, prompt: () => next }
  }

  test("error: closing the modal without connecting rejects the connect with UserRejectedRequestError ('Modal closed') and leaves nothing subscribed; a later connect succeeds", async () => {
    const wallet = installWallet()
    let userConnects = false
    const modal = hostModal((p) => {
      if (userConnects) void porticoConnect(p, { connectorId: rdns, namespace: 'eip155' })
    })
    const { config, connector, portico } = page(undefined, { openModal: modal.openModal })
    const live = liveSubscriptions(portico)
    const before = live()

    const shown = modal.opening()
    const dismissed = connect(config, { connector }).catch((e: unknown) => e)
    const closing = await shown
    // While the modal is open, the connect watches Portico for the user's connection.
    expect(live()).toBeGreaterThan(before)
    closing.resolve()
    const error = await dismissed
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, details: 'Modal closed', cause: { shortMessage: 'Modal closed' } })
    expect(live()).toBe(before)
    expect(getConnection(config).status).toBe('disconnected')
    expect(wallet.requests.map((r) => r.method)).not.toContain('eth_requestAccounts')

    // The next connect opens the modal again and the user connects there; the modal then closes.
    userConnects = true
    const again = modal.opening()
    const connecting = connect(config, { connector })
    const closingAgain = await again
    expect(await connecting).toEqual({ accounts: [wallet.address], chainId: 31337 })
    // Closing after the connection changes nothing (and rejects nothing).
    closingAgain.resolve()
    await Promise.resolve()
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: wallet.address })
  })

  test("edge: closed while the wallet is still answering, the connect waits for the answer: declined, it rejects ('Modal closed'); accepted, it connects", async () => {
    const held = announceHeldWallet()
    const modal = hostModal(
      (p) => void porticoConnect(p, { connectorId: heldRdns, namespace: 'eip155' }).catch(() => {}),
    )
    const { config, connector, portico } = page(undefined, { openModal: modal.openModal })
    /** Opens the modal, waits for the wallet's prompt, closes the modal, and lets the wallet answer. */
    async function closeWhileAnswering(decline: boolean) {
      const shown = modal.opening()
      const prompt = held.prompt()
      const attempt = connect(config, { connector }).catch((e: unknown) => e)
      const closing = await shown
      const answer = await prompt
      expect(porticoConnection(portico, { namespace: 'eip155' }).isConnecting).toBe(true)
      closing.resolve()
      // The close is seen first: the settled promise's callbacks run before this line goes on.
      await Promise.resolve()
      if (decline) held.wallet.rejectNext('eth_requestAccounts')
      answer()
      return attempt
    }

    const declined = await closeWhileAnswering(true)
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(declined).toMatchObject({ details: 'Modal closed' })
    expect(getConnection(config).status).toBe('disconnected')

    expect(await closeWhileAnswering(false)).toEqual({ accounts: [held.wallet.address], chainId: 31337 })
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: held.wallet.address })
  })

  test("error: a modal whose promise rejects when dismissed rejects the connect with UserRejectedRequestError, the modal's reason as its cause", async () => {
    installWallet()
    const modal = hostModal()
    const { config, connector } = page(undefined, { openModal: modal.openModal })
    const shown = modal.opening()
    const dismissed = connect(config, { connector }).catch((e: unknown) => e)
    const reason = new Error('Dismissed by the user')
    ;(await shown).reject(reason)
    const error = await dismissed
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).cause).toBe(reason)
    expect(getConnection(config).status).toBe('disconnected')
  })

  test('error: an openModal that returns nothing and throws rejects the connect with its error and leaves nothing subscribed; a later connect succeeds', async () => {
    const wallet = installWallet()
    const broken = new Error('The host modal failed to open.')
    let fails = true
    const { config, connector, portico } = page(undefined, {
      openModal: (p) => {
        if (fails) throw broken
        void porticoConnect(p, { connectorId: rdns, namespace: 'eip155' })
      },
    })
    const live = liveSubscriptions(portico)
    const before = live()
    expect(await connect(config, { connector }).catch((e: unknown) => e)).toBe(broken)
    expect(live()).toBe(before)
    expect(getConnection(config).status).toBe('disconnected')

    fails = false
    expect(await connect(config, { connector })).toEqual({ accounts: [wallet.address], chainId: 31337 })
  })
})

describe('a missing Portico instance', () => {
  test("error: porticoConnector and createWagmiConfig without one throw Portico's BaseError at the call, naming `portico`", () => {
    for (const value of [undefined, null, {}, 'portico']) {
      const error = (() => {
        try {
          porticoConnector(value as never)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(BaseError)
      expect((error as BaseError).shortMessage).toMatch(/`porticoConnector`.*Portico instance.*`portico`/)
    }
    expect(() =>
      createWagmiConfig({
        portico: undefined as never,
        chains: chains(),
        transports: { 31337: http(devnet.evmRpcUrl), 31338: http(devnet.evmRpcUrl) },
      }),
    ).toThrow(BaseError)
  })
})
