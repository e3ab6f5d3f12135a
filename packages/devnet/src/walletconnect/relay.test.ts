import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { evmAccounts } from '../accounts.js'
import { createMemoryStorage } from '../wallet/wallet.js'
import { startRelay, type WalletConnectRelay } from './relay.js'
import { sha256Hex, verifyPublicKeyStorageKey } from './verify.js'

// Every client gets its own storage (the SDK's default in Node is a shared file/db).

const projectId = 'portico-devnet'
const dappUrl = 'http://127.0.0.1'
const chainId = 'eip155:31337'
const address = evmAccounts[0].address
let counter = 0

type Closeable = { core: { relayer: { transportClose(): Promise<void> }; heartbeat: { stop(): void } } }
let relay: WalletConnectRelay
let open: Closeable[] = []

async function createDapp() {
  const dapp = await SignClient.init({
    projectId,
    relayUrl: relay.url,
    customStoragePrefix: `dapp-${++counter}`,
    storage: createMemoryStorage(),
    telemetryEnabled: false,
    metadata: { name: 'Portico test dapp', description: 'relay test', url: dappUrl, icons: [] },
  })
  open.push(dapp)
  return dapp
}

async function createWallet(storage = createMemoryStorage(), customStoragePrefix = `wallet-${++counter}`) {
  const core = new Core({ projectId, relayUrl: relay.url, customStoragePrefix, storage, telemetryEnabled: false })
  const wallet = await WalletKit.init({
    core,
    metadata: { name: 'Portico test wallet', description: 'relay test', url: 'http://127.0.0.1:1', icons: [] },
  })
  open.push({ core })
  return wallet
}

const eip155 = {
  chains: [chainId],
  methods: ['personal_sign', 'eth_sendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
}

/** Pairs a fresh dapp and wallet and settles a session through the relay. */
async function connect() {
  const dapp = await createDapp()
  const wallet = await createWallet()
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155 } })
  const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) => wallet.once('session_proposal', resolve))
  await wallet.pair({ uri: uri! })
  const { id, verifyContext } = await proposal
  const walletSession = await wallet.approveSession({
    id,
    namespaces: { eip155: { ...eip155, accounts: [`${chainId}:${address}`] } },
  })
  const session: SessionTypes.Struct = await approval()
  return { dapp, wallet, session, walletSession, verifyContext }
}

function answerRequests(wallet: Awaited<ReturnType<typeof WalletKit.init>>) {
  wallet.on('session_request', (event: WalletKitTypes.SessionRequest) => {
    void wallet.respondSessionRequest({
      topic: event.topic,
      response: { id: event.id, jsonrpc: '2.0', result: `signed:${String(event.params.request.params[0])}` },
    })
  })
}

beforeEach(async () => {
  relay = await startRelay()
})

afterEach(async () => {
  for (const client of open) {
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose()
  }
  open = []
  await relay.stop()
})

describe('WalletConnect relay with the real SDKs', () => {
  it('pairs and settles a session; the wallet gets a verify context for the dapp origin', async () => {
    const { session, walletSession, verifyContext } = await connect()
    expect(session.topic).toBe(walletSession.topic)
    expect(session.namespaces.eip155?.accounts).toEqual([`${chainId}:${address}`])
    expect(session.peer.metadata.name).toBe('Portico test wallet')
    // In Node the dapp registers no attestation (the SDK's register() is browser-only) and the
    // hash lookup goes to the SDK's pinned verify host, which tests block: UNKNOWN, dapp origin.
    expect(verifyContext.verified.origin).toBe(dappUrl)
    expect(verifyContext.verified.validation).toBe('UNKNOWN')
    expect(relay.stats().published).toBeGreaterThanOrEqual(4) // proposal, response, settle, settle ack
  })

  it('carries a session request to the wallet and the response back to the dapp', async () => {
    const { dapp, wallet, session } = await connect()
    const seen = new Promise<WalletKitTypes.SessionRequest>((resolve) => wallet.once('session_request', resolve))
    answerRequests(wallet)
    const result = await dapp.request<string>({
      topic: session.topic,
      chainId,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
    })
    expect(result).toBe('signed:0x68656c6c6f')
    const request = await seen
    expect(request.params.chainId).toBe(chainId)
    expect(request.params.request.method).toBe('personal_sign')
  })

  it('rejects the dapp approval when the wallet rejects the proposal', async () => {
    const dapp = await createDapp()
    const wallet = await createWallet()
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155 } })
    const approved = approval()
    const proposal = new Promise<WalletKitTypes.SessionProposal>((resolve) => wallet.once('session_proposal', resolve))
    await wallet.pair({ uri: uri! })
    await wallet.rejectSession({ id: (await proposal).id, reason: getSdkError('USER_REJECTED') })
    await expect(approved).rejects.toMatchObject({ code: getSdkError('USER_REJECTED').code })
  })

  it('tells the dapp when the wallet disconnects', async () => {
    const { dapp, wallet, session } = await connect()
    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
    expect((await deleted).topic).toBe(session.topic)
    expect(dapp.session.keys).not.toContain(session.topic)
  })

  it('keeps a session working across a relay restart', async () => {
    const { dapp, wallet, session } = await connect()
    answerRequests(wallet)
    const reconnected = (client: Closeable & { core: { relayer: { once(e: string, l: () => void): void } } }) =>
      new Promise<void>((resolve) => client.core.relayer.once('relayer_connect', resolve))
    const bothBack = Promise.all([reconnected(dapp), reconnected(wallet)])
    const connectionsBefore = relay.stats().connections
    await relay.restart()
    expect(relay.stats().restarts).toBe(1)
    await bothBack
    expect(relay.stats().connections).toBe(connectionsBefore)
    const result = await dapp.request<string>({
      topic: session.topic,
      chainId,
      request: { method: 'personal_sign', params: ['0x6166746572', address] },
    })
    expect(result).toBe('signed:0x6166746572')
  })

  it('serves attestations the SDK validates with the local public key', async () => {
    const prefix = `wallet-${++counter}`
    const storage = createMemoryStorage()
    await storage.setItem(verifyPublicKeyStorageKey(prefix), relay.verifyPublicKey)
    const wallet = await createWallet(storage, prefix)
    const id = sha256Hex('encrypted message')
    const page = await (
      await fetch(
        `${relay.verifyUrl}/v3/attestation?projectId=${projectId}&origin=http://127.0.0.1:5173&id=${id}&decryptedId=d1`,
      )
    ).text()
    const posted = JSON.parse(JSON.parse(/postMessage\(("(?:[^"\\]|\\.)*")/.exec(page)![1]!)) as {
      type: string
      attestation: string
    }
    expect(posted.type).toBe('verify_attestation')
    const resolved = await wallet.core.verify.resolve({ attestationId: posted.attestation, encryptedId: id })
    expect(resolved).toEqual({ origin: 'http://127.0.0.1:5173', isScam: false, isVerified: true })
    // The v2 lookup by hash answers from the same registry; unknown ids are 404.
    expect(await (await fetch(`${relay.verifyUrl}/attestation/d1?v2Supported=true`)).json()).toEqual({
      origin: 'http://127.0.0.1:5173',
      isScam: false,
      isVerified: true,
    })
    expect((await fetch(`${relay.verifyUrl}/attestation/nope`)).status).toBe(404)
    const key = await (await fetch(`${relay.verifyUrl}/v3/public-key`)).json()
    expect(key).toEqual(relay.verifyPublicKey)
  })
})

/** A bare JSON-RPC websocket client, identified by the `iss` of a (fake) auth JWT. */
class RawClient {
  readonly received: { id: number; method?: string; params?: { data: { topic: string; message: string } } }[] = []
  private waiters: (() => void)[] = []
  private nextId = 1
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const payload = JSON.parse(data.toString())
      this.received.push(payload)
      if (payload.method === 'irn_subscription')
        socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      for (const waiter of this.waiters.splice(0)) waiter()
    })
  }
  static async connect(url: string, iss: string) {
    const auth = `e30.${Buffer.from(JSON.stringify({ iss })).toString('base64url')}.sig`
    const socket = new WebSocket(`${url}/?auth=${auth}&projectId=${projectId}&ua=test`)
    socket.on('error', () => undefined) // a refused upgrade also closes the socket
    await new Promise((resolve, reject) =>
      socket.once('open', resolve).once('unexpected-response', (_request, response) => {
        reject(new Error(`Unexpected server response: ${response.statusCode}`))
      }),
    )
    return new RawClient(socket)
  }
  onClose(listener: () => void) {
    this.socket.once('close', listener)
  }
  /** Sends a request and resolves with its response (everything sent before it has arrived). */
  async call(method: string, params: Record<string, unknown>) {
    const id = this.nextId++
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    for (;;) {
      const response = this.received.find((m) => m.id === id && m.method === undefined)
      if (response) return response as { result?: unknown; error?: unknown }
      await new Promise<void>((resolve) => this.waiters.push(resolve))
    }
  }
  deliveries(topic: string) {
    return this.received.filter((m) => m.method === 'irn_subscription' && m.params?.data.topic === topic)
  }
  close() {
    this.socket.close()
  }
}

describe('WalletConnect relay mailbox', () => {
  it('delivers a stored message to a later subscriber once, never to its publisher, and drops expired ones', async () => {
    let clock = Date.now()
    await relay.stop()
    relay = await startRelay({ now: () => clock })
    const topic = 'a'.repeat(64)
    const stale = 'b'.repeat(64)
    const alice = await RawClient.connect(relay.url, 'did:key:alice')
    await alice.call('irn_subscribe', { topic })
    await alice.call('irn_publish', { topic: stale, message: 'old', ttl: 60, tag: 1 })
    clock += 61_000
    await alice.call('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 })

    const bob = await RawClient.connect(relay.url, 'did:key:bob')
    const subscribed = await bob.call('irn_subscribe', { topic })
    expect(subscribed.result).toMatch(/^[0-9a-f]{64}$/)
    await bob.call('irn_subscribe', { topic: stale })
    // Same client (same did:key) again on a new socket: nothing is delivered twice.
    await bob.call('irn_batchSubscribe', { topics: [topic, stale] })
    const bob2 = await RawClient.connect(relay.url, 'did:key:bob')
    await bob2.call('irn_subscribe', { topic })
    expect(bob.deliveries(topic).map((m) => m.params?.data)).toEqual([
      expect.objectContaining({ topic, message: 'hello', tag: 1108 }),
    ])
    expect(bob.deliveries(stale)).toEqual([])
    expect(bob2.deliveries(topic)).toEqual([])
    expect(alice.deliveries(topic)).toEqual([]) // not echoed to the publisher
    expect(await bob.call('irn_batchFetchMessages', { topics: [topic, stale] })).toMatchObject({
      result: { messages: [], hasMore: false },
    })
    expect((await bob.call('irn_nope', {})).error).toMatchObject({ code: -32601 })

    // A live subscriber gets new messages at once; the mailbox survives a restart.
    const reply = bob.call('irn_publish', { topic, message: 'reply', ttl: 300, tag: 1109 })
    await reply
    await alice.call('irn_unsubscribe', { topic, id: 'x' })
    expect(alice.deliveries(topic).map((m) => m.params?.data.message)).toEqual(['reply'])
    await relay.restart()
    const carol = await RawClient.connect(relay.url, 'did:key:carol')
    await carol.call('irn_subscribe', { topic })
    expect(carol.deliveries(topic).map((m) => m.params?.data.message)).toEqual(['hello', 'reply'])
    for (const c of [alice, bob, bob2, carol]) c.close()
  })
})

describe('WalletConnect relay fault switches', () => {
  const topic = 'c'.repeat(64)

  it('drop: what a client sends vanishes unanswered and unstored; switched off, the relay answers again', async () => {
    const alice = await RawClient.connect(relay.url, 'did:key:alice')
    const bob = await RawClient.connect(relay.url, 'did:key:bob')
    await bob.call('irn_subscribe', { topic })
    relay.switches.drop = true
    const published = relay.stats().published
    // Not answered while dropping: the call resolves only with the answer to the retry below.
    const lost = alice.call('irn_publish', { topic, message: 'lost', ttl: 300, tag: 1 })
    await vi.waitFor(() => expect(relay.stats().dropped).toBe(1), { timeout: 15_000 })
    expect(relay.stats().published).toBe(published)
    expect(relay.stats().stored).toBe(0)
    relay.switches.drop = false
    expect((await alice.call('irn_publish', { topic, message: 'kept', ttl: 300, tag: 1 })).result).toBe(true)
    await vi.waitFor(() => expect(bob.deliveries(topic).map((m) => m.params?.data.message)).toEqual(['kept']), {
      timeout: 15_000,
    })
    expect(alice.received.some((m) => m.id === 1 && m.method === undefined)).toBe(false) // 'lost' never answered
    void lost
    for (const c of [alice, bob]) c.close()
  })

  it('delayMs: frames are handled late and in order', async () => {
    const alice = await RawClient.connect(relay.url, 'did:key:alice')
    const bob = await RawClient.connect(relay.url, 'did:key:bob')
    await bob.call('irn_subscribe', { topic })
    relay.switches.delayMs = 300
    const started = performance.now()
    const first = alice.call('irn_publish', { topic, message: 'one', ttl: 300, tag: 1 })
    const second = alice.call('irn_publish', { topic, message: 'two', ttl: 300, tag: 1 })
    await Promise.all([first, second])
    // A floor, not a tight bound: the first answer cannot come before its delay.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    await vi.waitFor(() => expect(bob.deliveries(topic).map((m) => m.params?.data.message)).toEqual(['one', 'two']), {
      timeout: 15_000,
    })
    // Switched off, a frame is handled at once again (nothing is held any more).
    relay.switches.delayMs = 0
    expect((await alice.call('irn_publish', { topic, message: 'three', ttl: 300, tag: 1 })).result).toBe(true)
    for (const c of [alice, bob]) c.close()
  })

  it('refuse: new sockets get 503, open ones keep working; switched off, new sockets connect', async () => {
    const alice = await RawClient.connect(relay.url, 'did:key:alice')
    relay.switches.refuse = true
    await expect(RawClient.connect(relay.url, 'did:key:bob')).rejects.toThrow(/503/)
    expect(relay.stats().refused).toBe(1)
    expect((await alice.call('irn_subscribe', { topic })).result).toMatch(/^[0-9a-f]{64}$/)
    relay.switches.refuse = false
    const bob = await RawClient.connect(relay.url, 'did:key:bob')
    expect((await bob.call('irn_subscribe', { topic })).result).toMatch(/^[0-9a-f]{64}$/)
    for (const c of [alice, bob]) c.close()
  })

  it('restart: every socket is closed, the same port answers again and the mailbox is kept', async () => {
    const alice = await RawClient.connect(relay.url, 'did:key:alice')
    await alice.call('irn_publish', { topic, message: 'before', ttl: 300, tag: 1 })
    const closed = new Promise<void>((resolve) => alice.onClose(resolve))
    await relay.restart()
    await closed
    expect(relay.stats()).toMatchObject({ connections: 0, restarts: 1, stored: 1 })
    const bob = await RawClient.connect(relay.url, 'did:key:bob')
    await bob.call('irn_subscribe', { topic })
    expect(bob.deliveries(topic).map((m) => m.params?.data.message)).toEqual(['before'])
    bob.close()
  })

  it('the switches are flipped over HTTP too, and bad values are refused', async () => {
    const base = relay.url.replace(/^ws/, 'http')
    const post = (body: unknown) =>
      fetch(`${base}/__devnet/switches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect(await (await post({ refuse: true, delayMs: 5 })).json()).toEqual({ drop: false, delayMs: 5, refuse: true })
    expect(relay.switches).toMatchObject({ refuse: true, delayMs: 5 })
    expect((await post({ drop: 'yes' })).status).toBe(400)
    expect((await post({ restart: true })).status).toBe(400)
    expect(await (await fetch(`${base}/__devnet/switches`)).json()).toEqual({ drop: false, delayMs: 5, refuse: true })
  })
})
