// The embedded wallet's connector (type AUTH) called as the kernel calls it, in real Chromium against
// the real secure frame and auth server (ui's globalAuth.ts) and the devnet's anvil: connect,
// requests (the frame's local answers, chain reads, a chain switch and its event, a signature
// approved by a trusted click in the frame), the refusals (a method off the list, before the frame;
// a malformed request, answered by the frame), then the next page's reconnect and the disconnect.
// One email login serves the file: the tests up to the disconnect share it, in order.
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, expect, inject, test, vi } from 'vitest'
import {
  approveInFrame,
  emailLogin,
  embeddedPortico,
  pageStorage,
  secureFrames,
  stopEmbedded,
} from '../../../../ui/src/test/embeddedKit.js'
import { getConnection } from '../../kernel/actions/getConnection.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import { featureState } from '../../kernel/featureState.js'
import type { ConnectorEvent } from '../../kernel/types.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import { embeddedTimings } from '../../test/embeddedTimings.js'
import { testNetworks } from '../../test/networks.js'
import { createAuthConnector } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import type { FrameClientEvent } from './frameClient.js'
import { readLoginCache, writeLoginCache } from './loginCache.js'
import { embeddedState } from './state.js'

const devnet = inject('devnet')
// `otherChain` is a second EVM network the frame accepts because the kit gives its RPC URL.
const {
  devnet: devnetChain,
  devnet2: otherChain,
  solanaLocal: solanaDevnet,
  all: networks,
} = testNetworks({
  evmRpcUrl: devnet.evmRpcUrl,
  solanaRpcUrl: devnet.solanaRpcUrl,
  genesisHash: devnet.solanaGenesisHash,
})

/** A kit on both devnet EVM networks and the Solana cluster; the same `storage` is the next page of one browser. */
const kit = (storage = pageStorage(), frameUrl?: string) =>
  embeddedPortico({
    storage,
    ...(frameUrl ? { frameUrl } : {}),
    options: { networks, adapters: [eip155Adapter(), solanaAdapter()] },
  })

const storage = pageStorage()
let page = kit(storage)
let login: { email: string; address: string; solanaAddress: string }

beforeAll(async () => {
  const { email, address } = await emailLogin(page)
  const solanaAddress = getConnection(page, { namespace: 'solana' }).address as string
  login = { email, address, solanaAddress }
}, 60_000)
afterAll(stopEmbedded)

/** Records the events the connector tells `namespace`'s listeners. */
function heard(connector: ReturnType<typeof createAuthConnector>, namespace: 'eip155' | 'solana') {
  const events: ConnectorEvent[] = []
  connector.subscribe(namespace, (event) => events.push(event))
  return events
}

test('default: connect gives one connection per namespace the login serves, on the given network or the first configured, as the email wallet with its user', async () => {
  const connector = createAuthConnector(page, 'solana')
  expect(connector).toMatchObject({
    id: 'auth',
    uid: 'solana:auth',
    type: 'AUTH',
    chain: 'solana',
    provider: undefined,
  })
  const account = (address: string) => ({
    accounts: [address],
    walletInfo: { name: 'Email wallet', identifier: login.email, social: 'email' },
    account: {
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      socialProvider: undefined,
      user: expect.objectContaining({ email: login.email, preferredAccountType: 'eoa' }),
    },
  })
  expect(await connector.connect({ networks: { eip155: otherChain } })).toEqual([
    { namespace: 'eip155', caipNetworkId: 'eip155:31338', ...account(login.address) },
    { namespace: 'solana', caipNetworkId: solanaDevnet.caipNetworkId, ...account(login.solanaAddress) },
  ])
  expect(readLoginCache(page).lastChain).toBe('eip155:31338')
  const connections = await connector.connect({ networks: {} })
  expect(connections.map((c) => c.caipNetworkId)).toEqual(['eip155:31337', solanaDevnet.caipNetworkId])
  expect(readLoginCache(page).lastChain).toBe('eip155:31337')
})

test("behavior: requests reach the frame on the request's chain; a switch moves the frame, is recorded and told to eip155's listeners only", async () => {
  const connector = createAuthConnector(page, 'eip155')
  const ask = (method: string, chainId = '', params: unknown = []) =>
    connector.request({
      namespace: 'eip155',
      chainId: chainId as CaipNetworkId,
      address: login.address,
      method,
      params,
    })
  const [evmEvents, solanaEvents] = [heard(connector, 'eip155'), heard(connector, 'solana')]

  await connector.switchNetwork({ namespace: 'eip155', network: otherChain, networks, current: 'eip155:31337' })
  expect(evmEvents).toEqual([{ type: 'chainChanged', caipNetworkId: 'eip155:31338' }])
  expect(readLoginCache(page).lastChain).toBe('eip155:31338')
  // The frame's own answers (no chain call), on its current chain.
  expect(await ask('eth_chainId')).toBe('0x7a6a')
  expect(await ask('eth_accounts')).toEqual([login.address])
  // A request for another configured chain moves the frame there first.
  expect(await ask('eth_chainId', 'eip155:31337')).toBe('0x7a69')
  expect(getEmbeddedWallet(page).frameChain).toBe(31337)
  // A chain read goes through the frame to anvil.
  expect(await ask('eth_blockNumber', 'eip155:31337')).toMatch(/^0x[0-9a-f]+$/)

  // Solana has no current chain in the frame: nothing to move, nothing told.
  await connector.switchNetwork({ namespace: 'solana', network: solanaDevnet, networks, current: undefined })
  expect(evmEvents).toHaveLength(1)
  expect(solanaEvents).toEqual([])
})

test("behavior: signMessage waits for the user's approval in the frame and returns the account's EIP-191 signature of the text", async () => {
  const connector = createAuthConnector(page, 'eip155')
  const message = 'Portico says hello'
  const signing = connector.signMessage({ namespace: 'eip155', address: login.address, message, network: devnetChain })
  await approveInFrame()
  const signature = (await signing) as `0x${string}`
  expect(await verifyMessage({ address: login.address as `0x${string}`, message, signature })).toBe(true)
})

test("error: a method off the embedded wallet's list is refused before it reaches the frame (4200), logged, and told to the frame client's listeners", async () => {
  const connector = createAuthConnector(page, 'eip155')
  const told: FrameClientEvent[] = []
  const off = getEmbeddedWallet(page).client.subscribe((event) => told.push(event))
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const error = await connector
      .request({ namespace: 'eip155', chainId: 'eip155:31337', address: login.address, method: 'eth_sign', params: [] })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'RpcMethodNotAllowedError',
      code: 4200,
      shortMessage: 'Requested RPC call is not allowed',
    })
    // The kit's own refusal: a refusal by the frame would be its cause.
    expect((error as Error).cause).toBeUndefined()
    expect(logged).toHaveBeenCalledWith('RPC method not allowed', 'eth_sign')
    expect(told).toEqual([{ type: 'notAllowed', method: 'eth_sign' }])
  } finally {
    logged.mockRestore()
    off()
  }
})

test("error: a malformed request is answered by the frame's error, passed on with its code and message, not retyped; the next request is answered", async () => {
  const connector = createAuthConnector(page, 'eip155')
  const ask = (method: string, params: unknown) =>
    connector.request({ namespace: 'eip155', chainId: 'eip155:31337', address: login.address, method, params })
  // An account that is not the user's: the frame refuses it as invalid params.
  const error = await ask('wallet_getAssets', [{ account: '0x0000000000000000000000000000000000000001' }]).catch(
    (e: unknown) => e,
  )
  expect(error).toMatchObject({
    name: 'EmbeddedWalletError',
    code: -32602,
    shortMessage: 'Invalid params',
    request: 'RPC_REQUEST',
  })
  expect(await ask('eth_chainId', [])).toBe('0x7a69')
})

test('behavior: the next page restores the login with reconnect; disconnect tells both namespaces, signs the frame out and forgets the login', async () => {
  stopEmbedded()
  page = kit(storage)
  const connector = createAuthConnector(page, 'eip155')
  const restored = await connector.reconnect({ networks: {} })
  expect(restored.map((c) => [c.namespace, c.accounts[0]])).toEqual([
    ['eip155', login.address],
    ['solana', login.solanaAddress],
  ])
  const [evmEvents, solanaEvents] = [heard(connector, 'eip155'), heard(connector, 'solana')]

  await connector.disconnect()
  expect(evmEvents).toEqual([{ type: 'disconnect' }])
  expect(solanaEvents).toEqual([{ type: 'disconnect' }])
  expect(readLoginCache(page)).toEqual({ used: false })
  expect(await getEmbeddedWallet(page).client.request('IS_CONNECTED')).toEqual({ isConnected: false })
  expect(await connector.reconnect({ networks: {} })).toEqual([])
})

test('default: without a login on record, reconnect restores nothing and makes no wallet or frame', async () => {
  const fresh = kit()
  const frames = secureFrames().length
  expect(await createAuthConnector(fresh, 'eip155').reconnect({ networks: {} })).toEqual([])
  expect(featureState(fresh, embeddedState).wallet).toBeUndefined()
  expect(secureFrames()).toHaveLength(frames)
})

test('error: with a login on record and a frame that never loads, reconnect rejects with the load error, alerts it and forgets the login', async () => {
  // A closed loopback port: the frame's page never loads, so it never says it is ready.
  const broken = kit(pageStorage(), 'http://127.0.0.1:9/')
  embeddedTimings.set(broken, { loadTimeoutMs: 200 })
  writeLoginCache(broken, { used: true, lastChain: 'eip155:31337' })
  // The wallet's sync messages fail the same way, each with a warning.
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    await expect(createAuthConnector(broken, 'eip155').reconnect({ networks: {} })).rejects.toMatchObject({
      name: 'EmbeddedWalletLoadError',
      code: 'IFRAME_LOAD_FAILED',
    })
  } finally {
    warned.mockRestore()
  }
  expect(readLoginCache(broken)).toEqual({ used: false })
  expect(broken.alerts.history().map((alert) => alert.code)).toContain('IFRAME_LOAD_FAILED')
})
