// WalletConnect's connector of each namespace, called as the kernel calls it, with the real SDK on both
// sides: a dapp and the devnet wallet (@reown/walletkit) through the devnet relay
// (src/test/walletConnectSuite.ts). Every namespace's connector shares the instance's one session.
import { verifyEip155Message, verifySolanaMessage } from '@portico/devnet'
import { base58 } from '@scure/base'
import type { SessionTypes } from '@walletconnect/types'
import { expect, test, vi } from 'vitest'
import type { Portico } from '../../kernel/portico.js'
import type { ConnectorConnection, ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import type { WalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import {
  closePortico,
  nextUri,
  signClientOf,
  walletConnectNamespaces,
  walletConnectOf,
} from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { walletConnectConnector } from './connector.js'

const suite = walletConnectSuite()
const { createDapp, createWallet } = suite

type Networks = Partial<Record<ChainNamespace, PorticoNetwork>>

/** Each namespace's first configured network, as the kernel hands them to a connector. */
function firstNetworks(portico: Portico): Networks {
  const networks: Networks = {}
  for (const network of portico.networks) networks[network.chainNamespace] ??= network
  return networks
}

const network = (portico: Portico, caipNetworkId: string) =>
  portico.networks.find((n) => n.caipNetworkId === caipNetworkId) as PorticoNetwork

/** Connects through `connector`, the wallet pairing with the URI the instance shows. */
async function pairThrough(
  portico: Portico,
  wallet: Awaited<ReturnType<typeof createWallet>>,
  connector: ReturnType<typeof walletConnectConnector>,
  networks: Networks = firstNetworks(portico),
) {
  const uri = nextUri(portico)
  const connecting = connector.connect({ networks })
  connecting.catch(() => {}) // awaited by the caller
  await wallet.pair(await uri)
  return connecting
}

/** Resolves once the wallet holds no session. */
const walletSessionsGone = (wallet: Awaited<ReturnType<typeof createWallet>>) =>
  new Promise<void>((resolve) => {
    if (wallet.sessions().length === 0) resolve()
    wallet.subscribe((event) => event.type === 'sessions' && event.sessions.length === 0 && resolve())
  })

test("default: a namespace's connector is WalletConnect's, listed as data; making it loads nothing", () => {
  const { portico } = createDapp()
  const connector = walletConnectConnector(portico, 'solana')
  expect(connector).toMatchObject({
    id: 'walletConnect',
    uid: 'solana:walletConnect',
    name: 'WalletConnect',
    chain: 'solana',
    type: 'WALLET_CONNECT',
    provider: undefined,
  })
  expect(walletConnectOf(portico)?.loaded()).toBeUndefined()
})

test("default: connecting any namespace's connector pairs once and gives a connection for every configured namespace the wallet approved, in the app's order, the peer shown as the wallet", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const connections = await pairThrough(portico, wallet, walletConnectConnector(portico, 'solana'))
  expect(connections).toEqual(
    walletConnectNamespaces.map((namespace) => ({
      namespace,
      accounts: [wallet.accounts[namespace].address],
      caipNetworkId: wallet.accounts[namespace].chainId,
      walletInfo: { name: 'Portico Devnet Wallet', icon: undefined, identifier: 'walletConnect' },
    })),
  )
  // The eip155 connector has the same session: it restores it with no second pairing.
  const client = await signClientOf(portico)
  const restored = await walletConnectConnector(portico, 'eip155').reconnect({ networks: firstNetworks(portico) })
  expect(restored).toEqual(connections)
  expect(client.session.getAll()).toHaveLength(1)
  expect(client.core.pairing.getPairings()).toHaveLength(1)
})

test("behavior: the namespace's network the app prefers is the connection's chain when the wallet approved it; otherwise the wallet's first chain with accounts", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ autoApprove: { proposals: 'manual' } })
  const connector = walletConnectConnector(portico, 'eip155')
  const address = wallet.accounts.eip155.address
  const connecting = pairThrough(portico, wallet, connector, { eip155: network(portico, 'eip155:31337') })
  const proposal = await wallet.nextProposal()
  const namespaces = proposal.approvedNamespaces()
  // The wallet puts mainnet first, a chain the app did not ask for.
  namespaces.eip155 = {
    ...(namespaces.eip155 as SessionTypes.Namespace),
    chains: ['eip155:1', 'eip155:31337'],
    accounts: [`eip155:1:${address}`, `eip155:31337:${address}`],
  }
  await proposal.approve(namespaces)
  const eip155Of = (connections: readonly ConnectorConnection[]) =>
    connections.find((c) => c.namespace === 'eip155')?.caipNetworkId
  expect(eip155Of(await connecting)).toBe('eip155:31337')
  expect(eip155Of(await connector.reconnect({ networks: {} }))).toBe('eip155:1')
  // A preferred network the session lacks does not make a connection on it.
  expect(eip155Of(await connector.reconnect({ networks: { eip155: network(portico, 'eip155:31338') } }))).toBe(
    'eip155:1',
  )
})

test.each([
  [
    'only a namespace the app does not configure',
    {
      tron: {
        chains: ['tron:0x2b6653dc'],
        accounts: ['tron:0x2b6653dc:TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'],
        methods: ['tron_signMessage'],
        events: [],
      },
    },
  ],
  [
    'its namespaces with no accounts',
    { eip155: { chains: ['eip155:31337'], accounts: [], methods: ['personal_sign'], events: ['chainChanged'] } },
  ],
])(
  "error: a wallet approving %s: 'Failed to connect', and the session it made is deleted on both sides",
  async (_, approved) => {
    const { portico } = createDapp()
    const wallet = await createWallet({ autoApprove: { proposals: 'manual' } })
    const connecting = pairThrough(portico, wallet, walletConnectConnector(portico, 'eip155'))
    await (await wallet.nextProposal()).approve(approved as SessionTypes.Namespaces)
    const error = await connecting.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
    expect(((error as Error).cause as Error).message).toBe(
      'The wallet approved none of the namespaces this app is configured for',
    )
    expect((await signClientOf(portico)).session.keys).toEqual([])
    await walletSessionsGone(wallet)
  },
)

test('behavior: reconnect with nothing saved gives no connection and asks no wallet; after a reload it gives the saved session’s connections', async () => {
  const first = createDapp()
  const published = suite.relay.stats().published
  expect(await walletConnectConnector(first.portico, 'eip155').reconnect({ networks: {} })).toEqual([])
  expect(suite.relay.stats().published).toBe(published)

  const wallet = await createWallet()
  const connected = await pairThrough(first.portico, wallet, walletConnectConnector(first.portico, 'eip155'))
  await closePortico(first.portico)
  const { portico } = createDapp({ storage: first.storage, wcStorage: first.wcStorage })
  expect(await walletConnectConnector(portico, 'cosmos').reconnect({ networks: firstNetworks(portico) })).toEqual(
    connected,
  )
})

test("error: a client that never starts (storage that never answers): reconnect fails after 10 s with 'WalletConnect did not restore in time', not before", async () => {
  const stuck: WalletConnectStorage = {
    getKeys: () => new Promise(() => {}),
    getEntries: () => new Promise(() => {}),
    getItem: () => new Promise(() => {}),
    setItem: () => new Promise(() => {}),
    removeItem: () => new Promise(() => {}),
  }
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    const { portico } = createDapp({ wcStorage: stuck })
    suite.forget(portico) // its client never starts: nothing to close
    const restoring = walletConnectConnector(portico, 'eip155').reconnect({ networks: firstNetworks(portico) })
    const outcome = restoring.then(
      () => 'restored',
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(9_999)
    expect(await Promise.race([outcome, Promise.resolve('still restoring')])).toBe('still restoring')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toStrictEqual(new Error('WalletConnect did not restore in time'))
  } finally {
    vi.useRealTimers()
    // The SDK registered the stuck core as the global one for our prefix; later clients must not get it.
    const globals = globalThis as Record<string, unknown>
    delete globals['_walletConnectCore_@portico/']
    delete globals['_walletConnectCore_@portico/_count']
  }
})

test('behavior: a listener subscribed before anything loaded hears the wallet’s events once connected; one unsubscribed before the load, or after, hears nothing more', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const connector = walletConnectConnector(portico, 'eip155')
  const heard: ConnectorEvent[] = []
  const early: ConnectorEvent[] = []
  const off = connector.subscribe('eip155', (event) => heard.push(event))
  connector.subscribe('eip155', (event) => early.push(event))() // gone before the controller arrived
  await pairThrough(portico, wallet, connector)
  const [session] = wallet.sessions()
  if (!session) throw new Error('no session')

  const told = (listen: (event: ConnectorEvent) => boolean) =>
    new Promise<void>((resolve) => {
      const stop = connector.subscribe('eip155', (event) => {
        if (!listen(event)) return
        stop()
        resolve()
      })
    })
  const [alice, bob] = [suite.devnet.evm.accounts[2].address, suite.devnet.evm.accounts[3].address]
  const first = told((event) => event.type === 'accountsChanged')
  await wallet.emit(session.topic, 'accountsChanged', [alice], 'eip155:31337')
  await first
  expect(heard).toEqual([{ type: 'accountsChanged', accounts: [alice] }])
  off()
  const second = told((event) => event.type === 'accountsChanged')
  await wallet.emit(session.topic, 'accountsChanged', [bob], 'eip155:31337')
  await second
  expect(heard).toHaveLength(1)
  expect(early).toEqual([])
})

test('behavior: signMessage asks the wallet on the network given and returns the signature in the namespace’s encoding; request passes through; disconnect ends the session on both sides', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const connector = walletConnectConnector(portico, 'eip155')
  await pairThrough(portico, wallet, connector)
  const message = 'signed through the connector'
  const evmAddress = wallet.accounts.eip155.address
  const evm = await connector.signMessage({
    namespace: 'eip155',
    address: evmAddress,
    message,
    network: network(portico, 'eip155:31337'),
  })
  expect(evm).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await verifyEip155Message({ address: evmAddress, message, signature: evm })).toBe(true)
  const solAddress = wallet.accounts.solana.address
  const sol = await connector.signMessage({
    namespace: 'solana',
    address: solAddress,
    message,
    network: network(portico, wallet.accounts.solana.chainId),
  })
  const encoded = base58.encode(new TextEncoder().encode(message))
  expect(verifySolanaMessage({ address: solAddress, message: encoded, signature: sol })).toBe(true)
  const chainIdRequest = {
    namespace: 'eip155',
    chainId: 'eip155:31337',
    address: evmAddress,
    method: 'eth_chainId',
    params: [],
  } as const
  expect(await connector.request(chainIdRequest)).toBe('0x7a69')

  // A network the session did not approve: refused before it reaches the wallet.
  const published = suite.relay.stats().published
  await expect(
    connector.signMessage({
      namespace: 'eip155',
      address: evmAddress,
      message,
      network: network(portico, 'eip155:31338'),
    }),
  ).rejects.toMatchObject({ name: 'RequestNotApprovedError', shortMessage: 'Requested RPC call is not allowed' })
  expect(suite.relay.stats().published).toBe(published)

  const gone = walletSessionsGone(wallet)
  await connector.disconnect()
  await gone
  expect((await signClientOf(portico)).session.keys).toEqual([])
  await expect(connector.request(chainIdRequest)).rejects.toMatchObject({
    name: 'WalletConnectNotConnectedError',
    shortMessage: 'Please call connect() before request()',
  })
})
