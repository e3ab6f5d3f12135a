// The WalletConnect controller's own contract, with the real SDK on both sides: a dapp and the devnet
// wallet (@reown/walletkit) through the devnet relay (src/test/walletConnectSuite.ts). What the
// connection flows already show (pairing, renewal, page return, requests, the wallet ending or
// expiring the session) is in walletConnect.devnet.test.ts and its siblings; here: a connection
// closed before it began, the wallet's protocol refusals, wallet events of a session that is not the
// controller's, a session past its expiry, which saved session a reload takes, disconnecting with
// nothing left to end, closing, and the chain switch the wallet is asked for.
import type { SessionTypes } from '@walletconnect/types'
import { expect, test, vi } from 'vitest'
import { watchAlerts } from '../../kernel/actions/watchAlerts.js'
import type { Alert } from '../../kernel/alerts.js'
import type { Portico } from '../../kernel/portico.js'
import { walletConnectPairingAtom } from '../../kernel/state/atoms.js'
import type { ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import { closePortico, nextUri, walletConnectOf } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import type { WalletConnectController } from './controller.js'
import { WalletConnectProtocolError } from './errors.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'
import { proposalNamespaces } from './namespaces.js'
import { pairingTopicOf } from './pageReturn.js'
import { endSessionLocally } from './tabs.js'

const suite = walletConnectSuite()
const { createDapp, createWallet, pairAndConnect } = suite
type Wallet = Awaited<ReturnType<typeof createWallet>>
type Client = Awaited<ReturnType<WalletConnectController['client']>>

/** The instance's controller (its chunk loaded, its client not started). */
async function controllerOf(portico: Portico): Promise<WalletConnectController> {
  const controller = await walletConnectOf(portico)?.load()
  if (!controller) throw new Error('WalletConnect is off')
  return controller
}

const network = (portico: Portico, caipNetworkId: string) =>
  portico.networks.find((n) => n.caipNetworkId === caipNetworkId) as PorticoNetwork

/** The controller's current session (connected by the test). */
async function currentSession(controller: WalletConnectController): Promise<SessionTypes.Struct> {
  const session = await controller.session()
  if (!session) throw new Error('no session')
  return session
}

/** A second session on the dapp's client, made beside the controller's (the client is shared). */
async function anotherSession(portico: Portico, client: Client, wallet: Wallet) {
  const { uri, approval } = await client.connect({ optionalNamespaces: proposalNamespaces(portico.networks) })
  await wallet.pair(uri as string)
  return approval()
}

/** Resolves once the dapp's client has emitted `name` for `topic` (and `match` accepts it). */
function clientHeard(
  client: Client,
  name: 'session_event' | 'session_update' | 'session_delete',
  topic: string,
  match: (params: { params?: { event?: { name?: string } } }) => boolean = () => true,
) {
  return new Promise<void>((resolve) => {
    const listener = (event: { topic: string }) => {
      if (event.topic !== topic || !match(event as never)) return
      client.off(name, listener as never)
      resolve()
    }
    client.on(name, listener as never)
  })
}

test("error: a connection whose signal was aborted before it began rejects with 'Modal closed' and publishes no proposal", async () => {
  const { portico } = createDapp()
  const controller = await controllerOf(portico)
  const client = await controller.client()
  const sdkConnect = vi.spyOn(client, 'connect')
  const shown: unknown[] = []
  portico.store.sub(walletConnectPairingAtom, () => shown.push(portico.store.get(walletConnectPairingAtom)))
  await expect(controller.connect({ signal: AbortSignal.abort() })).rejects.toMatchObject({
    name: 'ModalClosedError',
    shortMessage: 'Modal closed',
  })
  expect(sdkConnect).not.toHaveBeenCalled()
  expect(shown).toEqual([])
  expect(getWalletConnectUri(portico)).toBeUndefined()
})

test.each([
  [
    'unsupported chains (5100): "Failed to connect", its cause the typed protocol error',
    { code: 5100, message: 'Unsupported chains.' },
    (error: unknown) => {
      expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
      const cause = (error as Error).cause
      expect(cause).toBeInstanceOf(WalletConnectProtocolError)
      expect(cause).toMatchObject({
        kind: 'UNSUPPORTED_CHAINS',
        shortMessage: 'The wallet does not support this chain',
      })
      expect((cause as Error).cause).toStrictEqual({ code: 5100, message: 'Unsupported chains.' })
    },
  ],
  [
    'the user rejecting its chains (5002): "Connection rejected"',
    { code: 5002, message: 'User rejected chains.' },
    (error: unknown) => {
      expect(error).toMatchObject({ name: 'ConnectionRejectedError', shortMessage: 'Connection rejected' })
      expect((error as Error).cause).toStrictEqual({ code: 5002, message: 'User rejected chains.' })
    },
  ],
])('error: the wallet refusing the proposal for %s; no URI is left shown', async (_, reason, check) => {
  const { portico } = createDapp()
  const controller = await controllerOf(portico)
  const wallet = await createWallet({ autoApprove: { proposals: 'manual' } })
  const uri = nextUri(portico)
  const connecting = controller.connect()
  connecting.catch(() => {}) // awaited below
  await wallet.pair(await uri)
  await (await wallet.nextProposal()).reject(reason)
  check(await connecting.catch((error: unknown) => error))
  expect(getWalletConnectUri(portico)).toBeUndefined()
  expect(await controller.session()).toBeUndefined()
})

test("behavior: wallet events of another session on the client (its events, update, deletion) reach no namespace and raise no alert; the controller's own update tells every namespace its accounts", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(portico, wallet)
  const controller = await controllerOf(portico)
  const client = await controller.client()
  const ours = await currentSession(controller)
  const other = await anotherSession(portico, client, wallet)
  const heard: { eip155: ConnectorEvent[]; solana: ConnectorEvent[] } = { eip155: [], solana: [] }
  controller.subscribe('eip155', (event) => heard.eip155.push(event))
  controller.subscribe('solana', (event) => heard.solana.push(event))
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  const chainChanged = (params: { params?: { event?: { name?: string } } }) =>
    params.params?.event?.name === 'chainChanged'

  let seen = clientHeard(client, 'session_event', other.topic)
  await wallet.emit(other.topic, 'accountsChanged', [suite.devnet.evm.accounts[2].address], 'eip155:31337')
  await seen
  seen = clientHeard(client, 'session_event', other.topic, chainChanged) // after its update
  await wallet.switchChain(other.topic, 1)
  await seen
  seen = clientHeard(client, 'session_delete', other.topic)
  await wallet.disconnect(other.topic)
  await seen
  expect(heard).toEqual({ eip155: [], solana: [] })
  expect((await controller.session())?.topic).toBe(ours.topic)

  seen = clientHeard(client, 'session_event', ours.topic, chainChanged)
  await wallet.switchChain(ours.topic, 1) // the session gains eip155:1 (an update), then the chain moves
  await seen
  expect(heard).toEqual({
    eip155: [
      { type: 'accountsChanged', accounts: [wallet.accounts.eip155.address] },
      { type: 'chainChanged', caipNetworkId: 'eip155:1' },
    ],
    solana: [{ type: 'accountsChanged', accounts: [wallet.accounts.solana.address] }],
  })
  expect(alerts).toEqual([])
})

test('edge: a session is valid until its expiry second: at it, requests are refused before reaching the wallet and a restore finds nothing; on the real clock it is restored and signs', async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const { address } = await pairAndConnect(portico, wallet)
  const controller = await controllerOf(portico)
  const session = await currentSession(controller)
  const published = suite.relay.stats().published
  const personalSign = { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x68690a', address] } as const
  // Only the controller's own reads run while the clock is moved (no timer of the SDK fires between them).
  const clock = vi.spyOn(Date, 'now').mockReturnValue(session.expiry * 1000 - 1)
  try {
    expect((await controller.session())?.topic).toBe(session.topic)
    clock.mockReturnValue(session.expiry * 1000)
    await expect(controller.request(personalSign)).rejects.toMatchObject({
      name: 'WalletConnectNotConnectedError',
      shortMessage: 'Please call connect() before request()',
    })
    expect(await controller.restore()).toBeUndefined()
    expect(await controller.session()).toBeUndefined()
  } finally {
    clock.mockRestore()
  }
  expect(suite.relay.stats().published).toBe(published)
  expect((await controller.restore())?.topic).toBe(session.topic)
  expect(await controller.request(personalSign)).toMatch(/^0x[0-9a-f]{130}$/)
})

test('behavior: after a reload the saved session restored is the one that expires last, not the first saved', async () => {
  const first = createDapp()
  const wallet = await createWallet()
  await pairAndConnect(first.portico, wallet)
  const controller = await controllerOf(first.portico)
  const client = await controller.client()
  const older = await currentSession(controller)
  const newer = await anotherSession(first.portico, client, wallet)
  expect(client.session.getAll().map((s) => s.topic)).toEqual([older.topic, newer.topic])
  // The first saved lasts a minute less than the second (both still valid).
  await client.session.update(older.topic, { expiry: newer.expiry - 60 })
  await closePortico(first.portico)

  const { portico } = createDapp({ storage: first.storage, wcStorage: first.wcStorage })
  const reloaded = await controllerOf(portico)
  expect((await reloaded.restore())?.topic).toBe(newer.topic)
  expect((await reloaded.session())?.topic).toBe(newer.topic)
})

test("behavior: disconnect with nothing to end asks the wallet nothing: before any session, and when this tab's record of it is already gone", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet()
  const controller = await controllerOf(portico)
  let published = suite.relay.stats().published
  await expect(controller.disconnect()).resolves.toBeUndefined()
  expect(suite.relay.stats().published).toBe(published)

  await pairAndConnect(portico, wallet)
  const session = await currentSession(controller)
  await endSessionLocally(await controller.client(), session.topic) // as another tab's disconnect does here
  published = suite.relay.stats().published
  await expect(controller.disconnect()).resolves.toBeUndefined()
  expect(suite.relay.stats().published).toBe(published)
  expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic]) // the wallet was not told (again)
  expect(await controller.session()).toBeUndefined()
})

test('behavior: close lets the client go (its socket closed, its core released, the offer made ahead forgotten); the next use starts a fresh client, whose own offer is shown', async () => {
  const { portico } = createDapp()
  const controller = await controllerOf(portico)
  const connections = suite.relay.stats().connections
  await controller.close() // nothing started yet: nothing to close, and nothing is started
  expect(suite.relay.stats().connections).toBe(connections)
  expect((controller as unknown as { clientPromise?: unknown }).clientPromise).toBeUndefined()

  await controller.prepare()
  const client = await controller.client()
  const [prepared] = client.core.pairing.getPairings()
  const globals = globalThis as Record<string, unknown>
  expect(globals['_walletConnectCore_@portico/']).toBe(client.core)
  await controller.close()
  expect(client.core.relayer.connected).toBe(false)
  expect(globals['_walletConnectCore_@portico/']).toBeUndefined()

  const wallet = await createWallet()
  const uri = nextUri(portico)
  const connecting = controller.connect()
  const shown = await uri
  expect(pairingTopicOf(shown)).not.toBe(prepared?.topic)
  await wallet.pair(shown)
  const session = await connecting
  const fresh = await controller.client()
  expect(fresh).not.toBe(client)
  expect(fresh.session.keys).toEqual([session.topic])
})

test("behavior: a switch to a chain the session lacks asks the wallet on the current chain, the target's id in hex; its refusal comes back as it was; a solana switch to an approved cluster asks nothing", async () => {
  const { portico } = createDapp()
  const wallet = await createWallet({ autoApprove: { requests: 'manual' } })
  await pairAndConnect(portico, wallet)
  const controller = await controllerOf(portico)
  const switching = controller.switchChain({
    namespace: 'eip155',
    network: network(portico, 'eip155:31338'),
    current: 'eip155:31337',
  })
  switching.catch(() => {}) // awaited below
  const asked = await wallet.nextRequest()
  expect({ chainId: asked.chainId, method: asked.method, params: asked.params }).toEqual({
    chainId: 'eip155:31337',
    method: 'wallet_switchEthereumChain',
    params: [{ chainId: '0x7a6a' }],
  })
  await asked.approve() // the devnet wallet has no chain 31338
  await expect(switching).rejects.toStrictEqual({
    code: 4902,
    message: 'Unrecognized chain ID 0x7a6a; this wallet has 31337, 1',
  })

  const published = suite.relay.stats().published
  const cluster = wallet.accounts.solana.chainId as PorticoNetwork['caipNetworkId']
  await expect(
    controller.switchChain({ namespace: 'solana', network: network(portico, cluster), current: cluster }),
  ).resolves.toBeUndefined()
  expect(suite.relay.stats().published).toBe(published)
})
