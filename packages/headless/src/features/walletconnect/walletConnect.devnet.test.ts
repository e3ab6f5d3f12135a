// Integration: Portico's WalletConnect connector against a real @reown/walletkit wallet (the
// devnet wallet) through the devnet relay, with anvil for transactions. No mocks, loopback only.

import {
  verifyBip122Message,
  verifyCosmosAmino,
  verifyCosmosDirect,
  verifyEip155Message,
  verifyEip155TypedData,
  verifyPolkadotMessage,
  verifySolanaMessage,
} from '@portico/devnet'
import { base64, hex } from '@scure/base'
// biome-ignore lint/style/noRestrictedImports: a test drives the mutation a hook's spinner follows, without React
import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { ENGINE_RPC_OPTS } from '@walletconnect/sign-client'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { initialize } from '../../kernel/actions/initialize.js'
import { reconnect } from '../../kernel/actions/reconnect.js'
import { request } from '../../kernel/actions/request.js'
import { sendTransaction } from '../../kernel/actions/sendTransaction.js'
import { signMessage } from '../../kernel/actions/signMessage.js'
import { signTypedData } from '../../kernel/actions/signTypedData.js'
import { switchNetwork } from '../../kernel/actions/switchNetwork.js'
import { watchAlerts } from '../../kernel/actions/watchAlerts.js'
import { bip122Adapter } from '../../kernel/adapters/bip122/bip122Adapter.js'
import { cosmosAdapter } from '../../kernel/adapters/cosmos/cosmosAdapter.js'
import { eip155Adapter } from '../../kernel/adapters/eip155/eip155Adapter.js'
import { polkadotAdapter } from '../../kernel/adapters/polkadot/polkadotAdapter.js'
import { solanaAdapter } from '../../kernel/adapters/solana/solanaAdapter.js'
import type { Alert } from '../../kernel/alerts.js'
import { signMessageMutationOptions } from '../../kernel/query/mutations.js'
import { activeNamespaceAtom, recentWalletsAtom, walletConnectPairingAtom } from '../../kernel/state/atoms.js'
import type { StorageLike } from '../../kernel/state/storage.js'
import type { Connection } from '../../kernel/types.js'
import { createMemoryWalletConnectStorage, type WalletConnectStorage } from '../../kernel/walletConnectOptions.js'
import {
  accountOf,
  closePortico,
  nextUri,
  signClientOf,
  until,
  walletConnectNamespaces,
  walletConnectOf,
  wcConnector,
} from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { createTestEip1193Wallet } from '../../testing/eip1193Wallet.js'
import { getCallsStatus } from '../calls/getCallsStatus.js'
import { getCapabilities } from '../calls/getCapabilities.js'
import { sendCalls } from '../calls/sendCalls.js'
import { waitForCallsStatus } from '../calls/waitForCallsStatus.js'
import { getConnections } from '../wallets/getConnections.js'
import { WalletConnectProtocolError } from './errors.js'
import { getWalletConnectLogs } from './getWalletConnectLogs.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'
import { adr36SignDoc } from './signing.js'

const suite = walletConnectSuite()
/** The devnet wallet grants and enforces ERC-7715 permissions on every chain it answers for. */
const grantsCapability = {
  supported: true,
  signerTypes: ['account'],
  permissionTypes: ['native-token-recurring-allowance', 'erc20-token-recurring-allowance', 'contract-call'],
}
const { createDapp, createWallet, pairAndConnect } = suite
const namespaces = walletConnectNamespaces
const account = accountOf

test('one session connects all five namespaces; each signs with its own cryptography; a transaction lands on anvil', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const result = await pairAndConnect(portico, wallet)
  expect(result.namespace).toBe('eip155')

  for (const namespace of namespaces) {
    const state = account(portico, namespace)
    expect(state?.status, namespace).toBe('connected')
    expect(state?.address, namespace).toBe(wallet.accounts[namespace].address)
    expect(state?.connectorId).toBe('walletConnect')
    expect(state?.connectedWalletInfo?.name).toBeTruthy()
  }
  expect(account(portico, 'eip155')?.caipNetworkId).toBe('eip155:31337')
  expect(account(portico, 'solana')?.caipNetworkId).toBe(suite.devnet.solana.caipNetworkId)

  const message = 'Portico signs in on every chain'
  const evm = await signMessage(portico, { namespace: 'eip155', message })
  expect(await verifyEip155Message({ address: wallet.accounts.eip155.address, message, signature: evm })).toBe(true)
  expect(
    await verifyEip155Message({ address: wallet.accounts.eip155.address, message: `${message}!`, signature: evm }),
  ).toBe(false)

  const sol = await signMessage(portico, { namespace: 'solana', message })
  const solMessage = (await import('@scure/base')).base58.encode(new TextEncoder().encode(message))
  expect(verifySolanaMessage({ address: wallet.accounts.solana.address, message: solMessage, signature: sol })).toBe(
    true,
  )

  const dot = await signMessage(portico, { namespace: 'polkadot', message })
  expect(verifyPolkadotMessage({ address: wallet.accounts.polkadot.address, message, signature: dot })).toBe(true)
  expect(verifyPolkadotMessage({ address: wallet.accounts.polkadot.address, message: 'other', signature: dot })).toBe(
    false,
  )

  const btc = await signMessage(portico, { namespace: 'bip122', message })
  expect(verifyBip122Message({ address: wallet.accounts.bip122.address, message, signature: btc })).toBe(true)
  expect(verifyBip122Message({ address: wallet.accounts.bip122.address, message: 'other', signature: btc })).toBe(false)

  const atom = await signMessage(portico, { namespace: 'cosmos', message })
  const cosmosAddress = wallet.accounts.cosmos.address
  const pubKey = base64.encode(hex.decode(wallet.accounts.cosmos.publicKey))
  const stdSignature = { pub_key: { type: 'tendermint/PubKeySecp256k1', value: pubKey }, signature: atom }
  expect(
    verifyCosmosAmino({
      address: cosmosAddress,
      signDoc: adr36SignDoc(cosmosAddress, message),
      signature: stdSignature,
    }),
  ).toBe(true)
  expect(
    verifyCosmosAmino({
      address: cosmosAddress,
      signDoc: adr36SignDoc(cosmosAddress, 'other'),
      signature: stdSignature,
    }),
  ).toBe(false)

  // Typed data (EIP-712) and a raw cosmos_signDirect, each verified with the chain's own crypto.
  const typedData = {
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    domain: { name: 'Portico', chainId: 31337 },
    message: { contents: 'typed hello' },
  }
  const typed = await signTypedData(portico, { typedData })
  expect(await verifyEip155TypedData({ address: wallet.accounts.eip155.address, typedData, signature: typed })).toBe(
    true,
  )
  const signDoc = {
    chainId: 'portico-devnet-1',
    accountNumber: '7',
    authInfoBytes: base64.encode(new Uint8Array([10, 2, 8, 1])),
    bodyBytes: base64.encode(new TextEncoder().encode('body')),
  }
  const direct = await request<{ signature: typeof stdSignature }>(portico, {
    namespace: 'cosmos',
    method: 'cosmos_signDirect',
    params: { signerAddress: cosmosAddress, signDoc },
  })
  expect(verifyCosmosDirect({ address: cosmosAddress, signDoc, signature: direct.signature })).toBe(true)
  expect(
    verifyCosmosDirect({
      address: cosmosAddress,
      signDoc: { ...signDoc, accountNumber: '8' },
      signature: direct.signature,
    }),
  ).toBe(false)

  const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
  const recipient = suite.devnet.evm.accounts[1].address
  const before = await client.getBalance({ address: recipient })
  const hash = await sendTransaction(portico, { to: recipient, value: 12345n })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.accounts.eip155.address.toLowerCase())
  expect(await client.getBalance({ address: recipient })).toBe(before + 12345n)
  // Five signatures and a mined transaction: a ceiling for a starved machine, not a wait.
}, 90_000)

test('the directory wallet picked is remembered as a recent WalletConnect wallet (two kept)', async () => {
  const { portico, storage } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet, { id: 'devnet-wallet-id', name: 'Devnet Web Wallet', imageId: 'img-1' })
  expect(portico.store.get(recentWalletsAtom)[0]).toEqual({
    id: 'devnet-wallet-id',
    namespace: 'eip155',
    name: 'Devnet Web Wallet',
    imageId: 'img-1',
    walletConnect: true,
  })
  expect(portico.store.get(recentWalletsAtom).length).toBeLessThanOrEqual(2)
  // Persisted, so the next visit lists it again.
  expect(JSON.parse(storage.getItem('@portico/recent-wallets') ?? '[]')[0]).toMatchObject({
    id: 'devnet-wallet-id',
    walletConnect: true,
  })
  // The connected wallet shown is the peer's own metadata.
  expect(account(portico, 'eip155')?.connectedWalletInfo?.name).toBe(wallet.walletKit.metadata.name)
})

test('a request the session did not approve is refused before it reaches the wallet', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  // The provider asked before any session: the spec's text.
  const controller = await walletConnectOf(portico)?.load()
  await expect(
    controller?.request({ chainId: 'eip155:31337', method: 'personal_sign', params: [] }),
  ).rejects.toMatchObject({
    name: 'WalletConnectNotConnectedError',
    shortMessage: 'Please call connect() before request()',
  })
  await pairAndConnect(portico, wallet)
  const published = suite.relay.stats().published
  // A namespace the session has not (the five configured ones are approved): the spec's text.
  await expect(
    controller?.request({ chainId: 'tron:0x2b6653dc', method: 'tron_signMessage', params: [] }),
  ).rejects.toMatchObject({
    name: 'NamespaceNotApprovedError',
    shortMessage: 'Namespace is not configured. Please call connect() first',
  })
  await expect(
    request(portico, { namespace: 'eip155', method: 'eth_getEncryptionPublicKey', params: [] }),
  ).rejects.toMatchObject({ name: 'RequestNotApprovedError', shortMessage: 'Requested RPC call is not allowed' })
  await expect(
    request(portico, { namespace: 'eip155', method: 'personal_sign', params: ['0x00'], caipNetworkId: 'eip155:31338' }),
  ).rejects.toMatchObject({ name: 'RequestNotApprovedError' })
  expect(suite.relay.stats().published).toBe(published)
})

test('the wallet rejecting the proposal gives "Connection rejected" and leaves state as it was', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ autoApprove: { proposals: 'reject' } })
  await expect(pairAndConnect(portico, wallet)).rejects.toMatchObject({
    name: 'ConnectionRejectedError',
    shortMessage: 'Connection rejected',
  })
  for (const namespace of namespaces) expect(account(portico, namespace)?.status).toBe('disconnected')
  expect(getWalletConnectUri(portico)).toBeUndefined()
})

test('the wallet rejecting a request gives the typed rejection', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ autoApprove: { proposals: 'approve', requests: 'manual' } })
  await pairAndConnect(portico, wallet)
  const signing = signMessage(portico, { namespace: 'solana', message: 'no' })
  const pending = await wallet.nextRequest()
  expect(pending.method).toBe('solana_signMessage')
  await pending.reject()
  await expect(signing).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
  expect(account(portico, 'solana')?.status).toBe('connected')
})

test('wallet-side disconnect disconnects every namespace of the session, and the user is told', async () => {
  const { portico } = createDapp()
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  expect(alerts).toEqual([])
  await wallet.disconnect()
  for (const namespace of namespaces)
    expect((await until(portico, namespace, (a) => a?.status === 'disconnected'))?.address).toBeUndefined()
  // Back on the app's default namespace, not on whichever was reset last.
  expect(portico.store.get(activeNamespaceAtom)).toBe('eip155')
  await vi.waitFor(
    () =>
      expect(alerts).toMatchObject([
        { code: 'WALLET_SESSION_ENDED', severity: 'warning', message: 'The wallet ended the session' },
      ]),
    { timeout: 15_000 },
  )
})

test('session expiry leads to a clean disconnected state', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  const client = await signClientOf(portico)
  const [session] = client.session.getAll()
  if (!session) throw new Error('no session')
  // Expire it now and run the SDK's expiry check (it runs on every heartbeat pulse).
  client.core.expirer.set(session.topic, Math.floor(Date.now() / 1000) - 1)
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  client.core.heartbeat.events.emit('heartbeat_pulse')
  for (const namespace of namespaces) await until(portico, namespace, (a) => a?.status === 'disconnected')
  await vi.waitFor(() => expect(alerts.map((a) => a.code)).toEqual(['WALLET_SESSION_EXPIRED']), { timeout: 15_000 })
  await expect(signMessage(portico, { namespace: 'eip155', message: 'x' })).rejects.toMatchObject({
    name: 'NotConnectedError',
  })
})

test('account and chain changes from the wallet update the state; our disconnect deletes the session', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  const [session] = wallet.sessions()
  if (!session) throw new Error('no session')
  const other = suite.devnet.evm.accounts[2].address
  await wallet.emit(session.topic, 'accountsChanged', [other], 'eip155:31337')
  expect((await until(portico, 'eip155', (a) => a?.address === other))?.caipAddress).toBe(`eip155:31337:${other}`)

  await wallet.switchChain(session.topic, 1)
  // eip155:1 is not configured here: the wallet moved to an 'Unknown Network'.
  await until(portico, 'eip155', (a) => a?.caipNetworkId === 'eip155:1')

  const deleted = new Promise<void>((resolve) =>
    wallet.subscribe((event) => event.type === 'sessions' && event.sessions.length === 0 && resolve()),
  )
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  await disconnect(portico)
  await deleted
  for (const namespace of namespaces) expect(account(portico, namespace)?.status).toBe('disconnected')
  expect(alerts).toEqual([]) // the user ended it: nothing to tell them
})

test('chain switching follows the spec: approved chains only, unless the wallet has the switch method', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  // eip155: the wallet supports wallet_switchEthereumChain, so it is asked, and refuses 31338 (4902).
  const asked = new Promise<string>((resolve) =>
    wallet.subscribe((event) => event.type === 'request' && resolve(event.request.method)),
  )
  await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
    name: 'SwitchChainNotApprovedError',
  })
  expect(await asked).toBe('wallet_switchEthereumChain')
  expect(account(portico, 'eip155')?.caipNetworkId).toBe('eip155:31337')

  // solana has no switch method: an unapproved cluster is refused with the spec's text, nothing sent.
  const published = suite.relay.stats().published
  const elsewhere = `solana:${'X'.repeat(32)}` as const
  const error = await switchNetwork(portico, { caipNetworkId: elsewhere }).catch((e) => e)
  expect(error.shortMessage).toMatch(
    /^Failed to switch to chain .* not approved or wallet does not support wallet_switchEthereumChain$/,
  )
  expect(suite.relay.stats().published).toBe(published)
})

test('reload: a new instance on the same storage restores the session silently, and it still signs', async () => {
  const first = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(first.portico, wallet)
  await closePortico(first.portico)

  const { portico } = createDapp({ storage: first.storage, wcStorage: first.wcStorage })
  for (const namespace of namespaces) expect(account(portico, namespace)?.status).toBe('reconnecting')
  const restored = await reconnect(portico)
  expect(restored.map((a) => a.namespace).sort()).toEqual([...namespaces].sort())
  for (const namespace of namespaces)
    expect(account(portico, namespace)?.address).toBe(wallet.accounts[namespace].address)
  const message = 'after reload'
  const signature = await signMessage(portico, { namespace: 'bip122', message })
  expect(verifyBip122Message({ address: wallet.accounts.bip122.address, message, signature })).toBe(true)
})

test('a relay restart in the middle of a session: the next request still succeeds', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  const client = await signClientOf(portico)
  // Both sides notice the dropped socket and redial by themselves (the SDK's own reconnect). A
  // request sent into the socket in the instant it closes is re-published by the SDK only after
  // its publish timeout, so the test waits for the reconnection rather than for a clock.
  const reconnected = Promise.all(
    [client.core.relayer, wallet.walletKit.core.relayer].map(
      (relayer) => new Promise<void>((resolve) => relayer.once('relayer_connect', () => resolve())),
    ),
  )
  await suite.relay.restart()
  await reconnected
  const message = 'after the relay restarted'
  const signature = await signMessage(portico, { namespace: 'eip155', message })
  expect(await verifyEip155Message({ address: wallet.accounts.eip155.address, message, signature })).toBe(true)
  const dot = await signMessage(portico, { namespace: 'polkadot', message })
  expect(verifyPolkadotMessage({ address: wallet.accounts.polkadot.address, message, signature: dot })).toBe(true)
})

test('the relay restarted and refusing connections for a while: a request made meanwhile waits and is answered once it is back, on the same session (no new pairing)', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const { address } = await pairAndConnect(portico, wallet)
  const client = await signClientOf(portico)
  const topics = client.session.getAll().map((s) => s.topic)
  const pairings = client.core.pairing.getPairings().map((p) => p.topic)
  suite.relay.switches.refuse = true
  await suite.relay.restart()
  // Both peers redial and are turned away.
  await vi.waitFor(() => expect(suite.relay.stats().refused).toBeGreaterThanOrEqual(2), { timeout: 30_000 })
  const message = 'sent while the relay was down'
  const recorded = new Promise<void>((resolve) => client.core.history.events.once('history_created', () => resolve()))
  const signing = signMessage(portico, { namespace: 'eip155', message })
  signing.catch(() => {}) // awaited below
  await recorded // the SDK holds the request and tries to publish it into a relay that refuses it
  expect(suite.relay.stats().connections).toBe(0)
  suite.relay.switches.refuse = false
  const signature = await signing
  expect(await verifyEip155Message({ address, message, signature })).toBe(true)
  expect(client.session.getAll().map((s) => s.topic)).toEqual(topics)
  expect(client.core.pairing.getPairings().map((p) => p.topic)).toEqual(pairings)
  expect(account(portico, 'eip155')?.status).toBe('connected')
}, 90_000)

test('a relay that loses what the dapp sends: the request is published again by the SDK and answered once the relay delivers again', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const { address } = await pairAndConnect(portico, wallet)
  const dropped = suite.relay.stats().dropped
  suite.relay.switches.drop = true
  const message = 'sent into a lossy relay'
  const signing = signMessage(portico, { namespace: 'eip155', message })
  signing.catch(() => {}) // awaited below
  await vi.waitFor(() => expect(suite.relay.stats().dropped).toBeGreaterThan(dropped), { timeout: 15_000 })
  suite.relay.switches.drop = false
  const signature = await signing
  expect(await verifyEip155Message({ address, message, signature })).toBe(true)
}, 90_000)

test('a saved session whose client cannot start leaves the namespace disconnected after 10 s, not reconnecting', async () => {
  const first = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(first.portico, wallet)
  await closePortico(first.portico)
  // Storage that never answers: the SDK's init waits on it for ever.
  const stuck: WalletConnectStorage = {
    getKeys: () => new Promise(() => {}),
    getEntries: () => new Promise(() => {}),
    getItem: () => new Promise(() => {}),
    setItem: () => new Promise(() => {}),
    removeItem: () => new Promise(() => {}),
  }
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    const { portico } = createDapp({ storage: first.storage, wcStorage: stuck })
    expect(account(portico, 'eip155')?.status).toBe('reconnecting')
    const restoring = reconnect(portico)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await restoring).toEqual([])
    for (const namespace of namespaces) expect(account(portico, namespace)?.status).toBe('disconnected')
    suite.forget(portico) // its client never started: nothing to close
  } finally {
    vi.useRealTimers()
    // The SDK registered the stuck core as the global one for our prefix; later clients must not get it.
    delete (globalThis as Record<string, unknown>)['_walletConnectCore_@portico/']
  }
})

test("the log for a support request: empty at the default level after a clean connect; at 'trace' it records the SDK's work but never the pairing key", async () => {
  const quiet = createDapp()
  const wallet = await createWallet()
  expect(getWalletConnectLogs(quiet.portico)).toBe('') // nothing loaded yet, and reading loads nothing
  expect(walletConnectOf(quiet.portico)?.loaded()).toBeUndefined()
  await pairAndConnect(quiet.portico, wallet)
  expect(getWalletConnectLogs(quiet.portico)).toBe('')
  await closePortico(quiet.portico)
  suite.forget(quiet.portico)

  // At 'trace' every entry is also printed (console.debug): kept out of the test's output.
  vi.spyOn(console, 'debug').mockImplementation(() => {})
  const { portico } = createDapp({ logLevel: 'trace' })
  const uri = nextUri(portico)
  const connected = connect(portico, { connector: wcConnector(portico) })
  const pairing = new URL(await uri)
  await wallet.pair(pairing.href)
  await connected
  await signMessage(portico, { namespace: 'eip155', message: 'for the log' })
  const logs = getWalletConnectLogs(portico)
  const entries = logs
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: number })
  expect(entries.length).toBeGreaterThan(10)
  expect(entries.some((entry) => entry.level === 10)).toBe(true) // trace entries are kept
  expect(logs).toContain('wc_sessionRequest')
  const symKey = pairing.searchParams.get('symKey') as string
  expect(symKey).toMatch(/^[0-9a-f]{64}$/)
  expect(logs).not.toContain(symKey)
  expect(logs).toMatch(/"topic":"[0-9a-f]{8}…"/) // topics stay tellable apart by their first digits
  expect(logs).not.toMatch(/(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])/) // no key, no whole topic
  expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
})

test("a client that cannot start: a request gives 'Sign Client not initialized' (typed), not a hang or a bare error", async () => {
  const broken: WalletConnectStorage = {
    ...createMemoryWalletConnectStorage(),
    getKeys: () => Promise.reject(new Error('storage unavailable')),
    getEntries: () => Promise.reject(new Error('storage unavailable')),
    // Verify's key is read by a call the SDK does not await: answered, so the only failure is
    // the one the client's start reports.
    getItem: (key) =>
      key.includes('verify') ? Promise.resolve(undefined) : Promise.reject(new Error('storage unavailable')),
  }
  const { portico } = createDapp({ wcStorage: broken })
  suite.forget(portico) // its client never starts: nothing to close
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const controller = await walletConnectOf(portico)?.load()
  const failure = await controller
    ?.request({ chainId: 'eip155:31337', method: 'personal_sign', params: [] })
    .catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(WalletConnectProtocolError)
  expect((failure as WalletConnectProtocolError).kind).toBe('NOT_INITIALIZED')
  expect((failure as WalletConnectProtocolError).shortMessage).toBe('Sign Client not initialized')
  // An unknown failure of the provider's start: the spec's alert, once however often it is tried, and logged.
  await controller?.request({ chainId: 'eip155:31337', method: 'personal_sign', params: [] }).catch(() => {})
  expect(alerts.map((alert) => [alert.code, alert.message, alert.details])).toEqual([
    ['INTERNAL_SDK_ERROR', 'Internal SDK error', 'WalletConnect could not start'],
  ])
  expect(logged).toHaveBeenCalledWith('[portico] WalletConnect could not start', expect.anything())
  logged.mockRestore()
  delete (globalThis as Record<string, unknown>)['_walletConnectCore_@portico/']
})

test('EIP-5792 over WalletConnect: the devnet wallet runs a batch on anvil; the status settles with its receipts', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ accountIndex: 3 })
  await pairAndConnect(portico, wallet)
  expect(await getCapabilities(portico)).toEqual({
    1: { atomic: { status: 'unsupported' }, permissions: grantsCapability },
    31337: { atomic: { status: 'unsupported' }, permissions: grantsCapability },
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { id } = await sendCalls(portico, {
    calls: [
      { to, value: 3n },
      { to, value: 4n },
    ],
  })
  const status = await waitForCallsStatus(portico, { id, pollingInterval: 50 })
  expect(status).toMatchObject({ status: 'success', statusCode: 200, chainId: 31337, atomic: false })
  expect(status.receipts).toHaveLength(2)
  const client = createPublicClient({ transport: http(suite.devnet.evm.rpcUrl) })
  expect(await client.getBalance({ address: to })).toBe(7n)
  await expect(sendCalls(portico, { calls: [{ to, value: 1n }], atomicRequired: true })).rejects.toMatchObject({
    name: 'CallsRejectedError',
    reason: 'atomicityNotSupported',
  })
  // A node error behind the wallet comes back typed: more than the account holds.
  await expect(sendTransaction(portico, { to, value: 10n ** 30n })).rejects.toMatchObject({
    name: 'InsufficientFundsError',
  })
  expect(await client.getBalance({ address: to })).toBe(7n)
})

test("EIP-5792 over WalletConnect: a session without wallet_getCallsStatus gives the spec's text before asking the wallet", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ autoApprove: { proposals: 'manual' } })
  const uri = nextUri(portico)
  const connected = connect(portico, { connector: wcConnector(portico) })
  await wallet.pair(await uri)
  const proposal = await wallet.nextProposal()
  const namespaces = proposal.approvedNamespaces()
  const eip155 = namespaces.eip155 as { methods: string[] }
  eip155.methods = eip155.methods.filter((m) => !m.startsWith('wallet_') || m === 'wallet_switchEthereumChain')
  await proposal.approve(namespaces)
  await connected
  const published = suite.relay.stats().published
  await expect(getCallsStatus(portico, { id: '0x01' })).rejects.toMatchObject({
    name: 'CallsStatusNotApprovedError',
    shortMessage: 'Fetching call status not approved by the wallet.',
  })
  await expect(
    sendCalls(portico, { calls: [{ to: wallet.accounts.eip155.address as `0x${string}` }] }),
  ).rejects.toMatchObject({
    name: 'CallsNotSupportedError',
  })
  expect(suite.relay.stats().published).toBe(published)
})

test("the wallet offline when a request is sent: the request's expiry is honoured, typed EXPIRED, the mutation settles; back online the same request goes through", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  const client = await signClientOf(portico)
  await wallet.goOffline()
  const queryClient = new QueryClient()
  // What a hook's spinner follows: the mutation useSignMessage runs.
  const mutation = new MutationObserver(queryClient, signMessageMutationOptions(portico))
  const variables = { namespace: 'eip155', message: 'nobody home' } as const
  // The request's expiry is the SDK's own timer (its default expiry, 15 min in sign-client 2.25).
  // That much real time is no test,
  // and fake clocks also fire the socket's own timeouts: that one timer is held instead, and fired
  // when the test says its time has come. Every other timer runs for real.
  const requestExpiryMs = ENGINE_RPC_OPTS.wc_sessionRequest.req.ttl * 1000
  const realSetTimeout = globalThis.setTimeout
  const expiries: (() => void)[] = []
  const held = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    handler: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms === requestExpiryMs && typeof handler === 'function') {
      expiries.push(() => handler(...args))
      return realSetTimeout(() => {}, 0)
    }
    return realSetTimeout(handler, ms, ...args)
  }) as typeof setTimeout)
  const sent = new Promise<void>((resolve) => client.events.once('session_request_sent', () => resolve()))
  const outcome = mutation.mutate(variables).then(
    () => undefined,
    (error: unknown) => error,
  )
  try {
    await sent // published: it waits in the relay for a wallet that is away
  } finally {
    held.mockRestore()
  }
  expect(mutation.getCurrentResult().isPending).toBe(true)
  expect(expiries).toHaveLength(1) // the request's expiry, set when it was sent
  expiries[0]?.()
  const failure = await outcome
  expect(failure).toBeInstanceOf(WalletConnectProtocolError)
  expect(failure).toMatchObject({ kind: 'EXPIRED', shortMessage: 'The WalletConnect session or request expired' })
  expect((failure as Error).message).toContain('Request expired. Please try again.')
  expect(mutation.getCurrentResult()).toMatchObject({ isPending: false, status: 'error' })
  // Expired is not disconnected: the session stays, and the same request is not stuck behind the
  // first (identical wallet work joins the one in flight while it runs).
  expect(account(portico, 'eip155')?.status).toBe('connected')
  await wallet.goOnline()
  const signature = await mutation.mutate(variables)
  expect(
    await verifyEip155Message({ address: wallet.accounts.eip155.address, message: variables.message, signature }),
  ).toBe(true)
  queryClient.clear()
})

test('a reload while a request waits in the wallet: the new page restores the session with nothing pending; the late answer is dropped and the next request is answered', async () => {
  const first = createDapp()
  const wallet = await createWallet({ autoApprove: { requests: 'manual' } })
  await pairAndConnect(first.portico, wallet)
  void signMessage(first.portico, { namespace: 'eip155', message: 'before the reload' }).catch(() => undefined)
  const stale = await wallet.nextRequest()
  await closePortico(first.portico) // the page goes away with its request unanswered

  const { portico } = createDapp({ storage: first.storage, wcStorage: first.wcStorage })
  await reconnect(portico)
  expect(account(portico, 'eip155')).toMatchObject({ status: 'connected', address: wallet.accounts.eip155.address })
  expect(portico.store.get(walletConnectPairingAtom)).toBeUndefined() // no pairing view reopened
  // The wallet answers the old page's request late: the new page has nobody waiting for it.
  await stale.approve()
  const message = 'after the reload'
  const signing = signMessage(portico, { namespace: 'eip155', message: 'after the reload' })
  const next = await wallet.nextRequest()
  expect(next.params).toEqual([`0x${hex.encode(new TextEncoder().encode(message))}`, wallet.accounts.eip155.address])
  await next.approve()
  expect(
    await verifyEip155Message({ address: wallet.accounts.eip155.address, message, signature: await signing }),
  ).toBe(true)
})

/**
 * A dapp with the multi-wallet list on, an installed EVM wallet ("Alpha", on the devnet chain) beside
 * WalletConnect: WalletConnect connects every namespace, then Alpha takes EVM over, so
 * WalletConnect's EVM connection is in the background.
 */
async function walletConnectInBackground({
  installed = createTestEip1193Wallet({
    accounts: [generatePrivateKey()],
    chains: [{ id: 31337, name: 'Devnet', rpcUrl: suite.devnet.evm.rpcUrl }],
  }),
  ...setup
}: {
  storage?: StorageLike
  wcStorage?: WalletConnectStorage
  installed?: ReturnType<typeof createTestEip1193Wallet>
} = {}) {
  const dapp = createDapp({
    ...setup,
    options: {
      remoteConfig: false,
      features: { multiWallet: true },
      adapters: [
        eip155Adapter({
          eip6963: false,
          legacyInjected: false,
          connectors: [{ id: 'alpha', name: 'Alpha', provider: installed.provider }],
        }),
        solanaAdapter(),
        polkadotAdapter(),
        bip122Adapter(),
        cosmosAdapter(),
      ],
    },
  })
  // Discovery lists the installed wallet; the stored connections are restored (as a page does).
  initialize(dapp.portico)
  // Read the list now: it starts with the instance, but only once its chunk has loaded, which on a
  // busy machine can come after the first connections (a replaced wallet would not be in it).
  getConnections(dapp.portico)
  return { ...dapp, installed }
}

const listed = (portico: Parameters<typeof getConnections>[0], namespace: string) =>
  getConnections(portico)
    .filter((c: Connection) => c.namespace === namespace)
    .map((c: Connection) => [c.connectorId, c.status])

test('multi-wallet: the wallet ending a session whose EVM connection is in the background lists it as disconnected at once (to reconnect), the installed wallet staying active; its active namespaces disconnect', async () => {
  const { portico } = await walletConnectInBackground()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  expect(listed(portico, 'eip155')).toEqual([
    ['alpha', 'active'],
    ['walletConnect', 'connected'],
  ])
  await wallet.disconnect()
  await until(portico, 'solana', (a) => a?.status === 'disconnected')
  await vi.waitFor(() =>
    expect(listed(portico, 'eip155')).toEqual([
      ['alpha', 'active'],
      ['walletConnect', 'disconnected'],
    ]),
  )
  expect(listed(portico, 'solana')).toEqual([])
  expect(account(portico, 'eip155')).toMatchObject({ status: 'connected', connectorId: 'alpha' })
})

test('multi-wallet: the wallet ending the session while the site is closed: the next page lists WalletConnect’s EVM connection as disconnected, whichever comes first, its restore or the deletion', async () => {
  const first = await walletConnectInBackground()
  const wallet = await createWallet()
  await pairAndConnect(first.portico, wallet)
  await connect(first.portico, { connectorId: 'alpha', namespace: 'eip155' })
  await closePortico(first.portico)
  await wallet.disconnect()

  const { portico } = await walletConnectInBackground({
    storage: first.storage,
    wcStorage: first.wcStorage,
    // The same browser extension, which still authorises the site.
    installed: first.installed,
  })
  await until(portico, 'eip155', (a) => a?.status === 'connected')
  await vi.waitFor(
    () =>
      expect(listed(portico, 'eip155')).toEqual([
        ['alpha', 'active'],
        ['walletConnect', 'disconnected'],
      ]),
    { timeout: 15_000 },
  )
})
