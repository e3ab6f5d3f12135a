/**
 * A local WalletConnect relay (the `irn` JSON-RPC protocol over a websocket) plus the Verify API,
 * on one loopback port, enough for `@walletconnect/sign-client` 2.25 and `@reown/walletkit` 1.6
 * to pair, settle sessions and exchange requests, responses and events fully offline.
 *
 * Methods (checked against `@walletconnect/core` 2.25 `relayer.ts`, `subscriber.ts`,
 * `publisher.ts`, `@walletconnect/relay-api`'s `RELAY_JSONRPC.irn` and sign-client's engine):
 * `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchUnsubscribe`,
 * `irn_publish`, `irn_batchPublish`, `irn_batchFetchMessages`, `irn_fetchMessages`, and the
 * custom `wc_proposeSession` / `wc_approveSession` the engine publishes through `publishCustom`.
 * Messages go out as `irn_subscription` requests, which clients acknowledge with a result.
 *
 * Mailbox: every published message is kept for its TTL and delivered once to every client
 * subscribed to its topic (now or later), except the client that published it. Clients are told
 * apart by the `iss` (their did:key) of the `auth` JWT in the connection URL, so a reconnecting
 * client is the same client; a delivery that was never acknowledged is sent again after a
 * reconnect.
 *
 * Faults: `switches` make the relay drop what clients send, answer late, or refuse new sockets, and
 * `restart()` kills every socket and listens again on the same port with the mailbox kept, so a
 * test shows how the SDKs on both sides live through a relay that misbehaves.
 */
import { randomUUID } from 'node:crypto'
import { upgradeWebSocket } from '@hono/node-server'
import type { Context } from 'hono'
import { type WebSocket, WebSocketServer } from 'ws'
import { createEmulatorApp, serveEmulator } from '../emulator/app.js'
import { integerIn, mountSwitches, oneOf, type SwitchRules } from '../emulator/switches.js'
import { formatHostPort, resolveLoopbackHost } from '../net.js'
import { LocalVerify, sha256Hex, type VerifyPublicKey, verifyRoutes } from './verify.js'

/**
 * Options for {@link startRelay}.
 *
 * @example
 * ```ts
 * const relay = await startRelay({ port: 8788, pingIntervalMs: 10_000 })
 * ```
 */
export interface StartRelayOptions {
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** TCP port; 0 (default) lets the OS pick a free one. `restart()` keeps the port it got. */
  port?: number
  /** How often to ping every socket (default 10 s); a socket that missed a pong is terminated. */
  pingIntervalMs?: number
  /** Clock for message TTLs (ms since the epoch; default `Date.now`). Tests move it forward. */
  now?: () => number
}

/**
 * Counters of a running relay, for tests and logs.
 *
 * @example
 * ```ts
 * expect(relay.stats().connections).toBe(2)
 * ```
 */
export interface RelayStats {
  /** Open websocket connections. */
  connections: number
  /** Messages accepted (each `irn_publish`; `wc_approveSession` counts two). */
  published: number
  /** `irn_subscription` deliveries sent. */
  delivered: number
  /** Unexpired messages held in the mailbox. */
  stored: number
  /** Times `restart()` completed. */
  restarts: number
  /** Frames from clients the `drop` switch discarded. */
  dropped: number
  /** Connections the `refuse` switch turned away. */
  refused: number
}

/**
 * The fault switches of a relay, read on every frame and every new connection (also
 * `GET/POST /__devnet/switches` on the relay's port). All off by default.
 *
 * @example
 * ```ts
 * relay.switches.drop = true // publishes vanish: the SDK's publish times out and retries
 * relay.switches.delayMs = 2_000 // every frame a client sends is handled 2 s late, in order
 * relay.switches.refuse = true // new sockets get HTTP 503; open ones stay
 * ```
 */
export interface RelaySwitches {
  /**
   * Every frame a client sends is dropped unread and unanswered (publishes, subscriptions,
   * acknowledgements), as a relay losing traffic would: nothing reaches the mailbox.
   */
  drop: boolean
  /** Each frame a client sends is handled this many ms late (order kept per socket); 0 is at once. */
  delayMs: number
  /** New websocket connections are refused with HTTP 503; sockets already open keep working. */
  refuse: boolean
}

const switchRules: SwitchRules<RelaySwitches> = {
  drop: oneOf([true, false]),
  delayMs: integerIn(0, 600_000),
  refuse: oneOf([true, false]),
}

/**
 * A running local relay and Verify service.
 *
 * @example
 * ```ts
 * const relay: WalletConnectRelay = await startRelay()
 * const dapp = await SignClient.init({ projectId: 'p', relayUrl: relay.url, metadata })
 * await relay.restart() // clients reconnect by themselves; the mailbox survives
 * await relay.stop()
 * ```
 */
export interface WalletConnectRelay {
  /** Websocket URL for the SDK's `relayUrl`, e.g. `ws://127.0.0.1:43125`. */
  url: string
  /** Base URL of the Verify routes on the same port, e.g. `http://127.0.0.1:43125` (v3 routes under `/v3`). */
  verifyUrl: string
  /** The Verify signing key as `GET /v3/public-key` serves it (see `verifyPublicKeyStorageKey`). */
  verifyPublicKey: VerifyPublicKey
  /** Issues an attestation for `id` and `origin` as the iframe page does, returning the JWT. */
  attest(id: string, origin: string): string
  /** Read on every frame and connection: flipping one takes effect on the next (see {@link RelaySwitches}). */
  switches: RelaySwitches
  /** Closes every socket and the server, then listens again on the same port; the mailbox is kept. */
  restart(): Promise<void>
  /** Closes every socket and the server and stops pinging; resolves once the port is free. Idempotent. */
  stop(): Promise<void>
  stats(): RelayStats
}

interface StoredMessage {
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  attestation?: string
  publisher: string
  /** Client ids it was sent to (removed again if the socket died before the acknowledgement). */
  deliveredTo: Set<string>
}

interface Client {
  socket: WebSocket
  id: string
  topics: Set<string>
  alive: boolean
  /** irn_subscription request id -> message awaiting the client's acknowledgement. */
  unacked: Map<number, StoredMessage>
  /** Frames held by the `delayMs` switch, handled in order after it. */
  inbox: Promise<void>
  held: number
}

interface RpcRequest {
  id: number | string
  jsonrpc?: string
  method?: string
  params?: Record<string, unknown>
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const DEFAULT_TTL_S = 300
const MAX_TTL_S = 30 * 24 * 60 * 60

/**
 * Starts the local WalletConnect relay and Verify service on one loopback port.
 *
 * @example
 * ```ts
 * import { startRelay } from '@portico/devnet'
 * import { SignClient } from '@walletconnect/sign-client'
 *
 * const relay = await startRelay()
 * const dapp = await SignClient.init({
 *   projectId: 'portico-devnet',
 *   relayUrl: relay.url,
 *   telemetryEnabled: false,
 *   metadata: { name: 'Dapp', description: '', url: 'http://127.0.0.1', icons: [] },
 * })
 * // ... pair a wallet with the same relayUrl ...
 * await dapp.core.relayer.transportClose()
 * await relay.stop()
 * ```
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<WalletConnectRelay> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? 10_000
  const verify = new LocalVerify(now)
  const mailbox = new Map<string, StoredMessage[]>()
  const subscribers = new Map<string, Set<Client>>()
  const clients = new Set<Client>()
  const counters = { published: 0, delivered: 0, restarts: 0, dropped: 0, refused: 0 }
  const switches: RelaySwitches = { drop: false, delayMs: 0, refuse: false }
  let nextDeliveryId = Date.now() * 1000

  // ---------- mailbox ----------

  const liveMessages = (topic: string): StoredMessage[] => {
    const messages = mailbox.get(topic)
    if (!messages) return []
    const t = now()
    const live = messages.filter((m) => m.expiresAt > t)
    if (live.length) mailbox.set(topic, live)
    else mailbox.delete(topic)
    return live
  }

  const sweep = () => {
    for (const topic of [...mailbox.keys()]) liveMessages(topic)
  }

  const send = (client: Client, payload: unknown) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(payload))
  }

  const deliver = (client: Client, message: StoredMessage) => {
    if (message.publisher === client.id || message.deliveredTo.has(client.id)) return
    if (client.socket.readyState !== client.socket.OPEN) return
    message.deliveredTo.add(client.id)
    const id = nextDeliveryId++
    client.unacked.set(id, message)
    counters.delivered++
    send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId(message.topic, client.id),
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          ...(message.attestation ? { attestation: message.attestation } : {}),
        },
      },
    })
  }

  const publish = (
    publisher: Client,
    topic: string,
    message: string,
    ttlSeconds: unknown,
    tag: unknown,
    attestation?: unknown,
  ) => {
    const ttl = typeof ttlSeconds === 'number' && ttlSeconds > 0 ? Math.min(ttlSeconds, MAX_TTL_S) : DEFAULT_TTL_S
    const publishedAt = now()
    const stored: StoredMessage = {
      topic,
      message,
      tag: typeof tag === 'number' ? tag : 0,
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
      ...(typeof attestation === 'string' && attestation ? { attestation } : {}),
      publisher: publisher.id,
      deliveredTo: new Set(),
    }
    // Identical message on the same topic (a publish retried after a reconnect): keep one copy.
    const existing = liveMessages(topic)
    if (existing.some((m) => m.message === message)) return
    existing.push(stored)
    mailbox.set(topic, existing)
    counters.published++
    for (const client of subscribers.get(topic) ?? []) deliver(client, stored)
  }

  const subscribe = (client: Client, topic: string) => {
    client.topics.add(topic)
    const set = subscribers.get(topic) ?? new Set<Client>()
    subscribers.set(topic, set)
    set.add(client)
    return subscriptionId(topic, client.id)
  }

  const unsubscribe = (client: Client, topic: string) => {
    client.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set && set.size === 0) subscribers.delete(topic)
  }

  const deliverPending = (client: Client, topics: string[]) => {
    for (const topic of topics) for (const message of liveMessages(topic)) deliver(client, message)
  }

  // ---------- JSON-RPC ----------

  /** Returns the result plus, optionally, work to run after the response is sent (deliveries). */
  const dispatch = (client: Client, request: RpcRequest): { result: unknown; after?: () => void } => {
    const params = request.params ?? {}
    const method = request.method ?? ''
    switch (method) {
      case 'irn_subscribe': {
        const topic = requireString(params, 'topic')
        return { result: subscribe(client, topic), after: () => deliverPending(client, [topic]) }
      }
      case 'irn_batchSubscribe': {
        const topics = requireTopics(params)
        return { result: topics.map((t) => subscribe(client, t)), after: () => deliverPending(client, topics) }
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, requireString(params, 'topic'))
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const list = Array.isArray(params.subscriptions) ? params.subscriptions : []
        for (const entry of list) {
          const topic = (entry as { topic?: unknown })?.topic
          if (typeof topic === 'string') unsubscribe(client, topic)
        }
        return { result: true }
      }
      case 'irn_publish': {
        const topic = requireString(params, 'topic')
        const message = requireString(params, 'message')
        return {
          result: true,
          after: () => publish(client, topic, message, params.ttl, params.tag, params.attestation),
        }
      }
      case 'irn_batchPublish': {
        const list = Array.isArray(params.messages) ? (params.messages as Record<string, unknown>[]) : []
        const checked = list.map((m) => ({
          topic: requireString(m, 'topic'),
          message: requireString(m, 'message'),
          ttl: m.ttl,
          tag: m.tag,
          attestation: m.attestation,
        }))
        return {
          result: true,
          after: () => {
            for (const m of checked) publish(client, m.topic, m.message, m.ttl, m.tag, m.attestation)
          },
        }
      }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const topics = method === 'irn_fetchMessages' ? [requireString(params, 'topic')] : requireTopics(params)
        const messages = topics.flatMap((topic) =>
          liveMessages(topic)
            .filter((m) => m.publisher !== client.id && !m.deliveredTo.has(client.id))
            .map((m) => {
              m.deliveredTo.add(client.id)
              return {
                topic: m.topic,
                message: m.message,
                publishedAt: m.publishedAt,
                tag: m.tag,
                ...(m.attestation ? { attestation: m.attestation } : {}),
              }
            }),
        )
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        const pairingTopic = requireString(params, 'pairingTopic')
        const proposal = requireString(params, 'sessionProposal')
        subscribe(client, pairingTopic)
        return {
          result: true,
          after: () => {
            publish(client, pairingTopic, proposal, params.ttl, 1100, params.attestation)
            deliverPending(client, [pairingTopic])
          },
        }
      }
      case 'wc_approveSession': {
        const sessionTopic = requireString(params, 'sessionTopic')
        const pairingTopic = requireString(params, 'pairingTopic')
        const response = requireString(params, 'sessionProposalResponse')
        const settle = requireString(params, 'sessionSettlementRequest')
        subscribe(client, sessionTopic)
        return {
          result: true,
          after: () => {
            publish(client, pairingTopic, response, params.ttl, 1101)
            publish(client, sessionTopic, settle, params.ttl, 1102)
            deliverPending(client, [sessionTopic])
          },
        }
      }
      default:
        throw new RpcError(-32601, `Method not found: ${method}`)
    }
  }

  /** A frame from a client, through the fault switches (dropped, or held for `delayMs`). */
  const receive = (client: Client, raw: string) => {
    if (switches.drop) {
      counters.dropped++
      return
    }
    // Frames behind a held one wait for it too, so a socket's frames keep their order.
    if (switches.delayMs <= 0 && client.held === 0) return onMessage(client, raw)
    const wait = switches.delayMs
    client.held++
    client.inbox = client.inbox
      .then(() => (wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : undefined))
      .then(() => {
        client.held--
        if (clients.has(client)) onMessage(client, raw)
      })
  }

  const onMessage = (client: Client, raw: string) => {
    let payload: RpcRequest & { result?: unknown; error?: unknown }
    try {
      payload = JSON.parse(raw)
    } catch {
      send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
      return
    }
    if (payload.method === undefined) {
      // A response: the client acknowledging an irn_subscription.
      if (typeof payload.id === 'number') client.unacked.delete(payload.id)
      return
    }
    try {
      const { result, after } = dispatch(client, payload)
      send(client, { id: payload.id, jsonrpc: '2.0', result })
      after?.()
    } catch (error) {
      const code = error instanceof RpcError ? error.code : -32602
      send(client, { id: payload.id, jsonrpc: '2.0', error: { code, message: (error as Error).message } })
    }
  }

  const onClose = (client: Client) => {
    if (!clients.delete(client)) return
    for (const topic of client.topics) {
      const set = subscribers.get(topic)
      set?.delete(client)
      if (set && set.size === 0) subscribers.delete(topic)
    }
    // Never acknowledged: send again when the client subscribes after reconnecting.
    for (const message of client.unacked.values()) message.deliveredTo.delete(client.id)
    client.unacked.clear()
  }

  const connect = (socket: WebSocket, auth: string | undefined): Client => {
    const client: Client = {
      socket,
      id: clientIdFromAuth(auth) ?? `anonymous:${randomUUID()}`,
      topics: new Set(),
      alive: true,
      unacked: new Map(),
      inbox: Promise.resolve(),
      held: 0,
    }
    clients.add(client)
    socket.on('pong', () => {
      client.alive = true
    })
    return client
  }

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate()
        onClose(client)
        continue
      }
      client.alive = false
      client.socket.ping()
    }
    sweep()
  }, pingIntervalMs)
  heartbeat.unref()

  // ---------- HTTP server (websocket, verify routes, health) ----------

  const app = createEmulatorApp({
    cors: ['GET', 'POST', 'OPTIONS'],
    maxBodyBytes: 64 * 1024,
    notFoundMessage: (method, path) => `no route for ${method} ${path}`,
  })
  mountSwitches(app, switches, switchRules)
  // A relay refusing connections answers the upgrade with 503 (the SDK retries, as with a real one).
  app.use('*', async (c, next) => {
    if (switches.refuse && c.req.header('upgrade')?.toLowerCase() === 'websocket') {
      counters.refused++
      return c.text('the relay refuses connections', 503)
    }
    await next()
  })
  // The SDK connects on any path, with its relay-auth JWT in the `auth` parameter.
  app.get(
    '*',
    upgradeWebSocket((c) => {
      let client: Client | undefined
      return {
        onOpen: (_event, ws) => {
          client = connect(ws.raw as WebSocket, c.req.query('auth'))
        },
        onMessage: (event) => {
          const { data } = event
          if (client) receive(client, typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer).toString())
        },
        onClose: () => {
          if (client) onClose(client)
        },
        onError: () => client?.socket.terminate(),
      }
    }),
  )
  app.route('/', verifyRoutes(verify))
  const health = (c: Context) => c.json({ status: 'ok', relay: 'portico-devnet', ...stats() })
  app.get('/', health)
  app.get('/health', health)

  // A server closes its websocket server with it, so every (re)start gets a new one.
  const listen = (port: number) =>
    serveEmulator(app, {
      host,
      port,
      websocket: new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 }),
    })
  let server = await listen(options.port ?? 0)
  const { port } = server
  const hostPort = formatHostPort(host, port)

  const closeServer = async () => {
    for (const client of [...clients]) {
      client.socket.terminate()
      onClose(client)
    }
    await server.stop()
  }

  const stats = (): RelayStats => {
    sweep()
    let stored = 0
    for (const messages of mailbox.values()) stored += messages.length
    return { connections: clients.size, stored, ...counters }
  }

  let stopping: Promise<void> | undefined
  let restarting: Promise<void> | undefined
  return {
    url: `ws://${hostPort}`,
    verifyUrl: `http://${hostPort}`,
    verifyPublicKey: verify.publicKey,
    attest: (id, origin) => verify.attest(id, origin),
    switches,
    stats,
    restart() {
      if (stopping) return Promise.reject(new Error('relay is stopped'))
      restarting ??= (async () => {
        await closeServer()
        server = await listen(port)
        counters.restarts++
      })().finally(() => {
        restarting = undefined
      })
      return restarting
    },
    stop() {
      stopping ??= (async () => {
        clearInterval(heartbeat)
        await restarting?.catch(() => undefined)
        await closeServer()
      })()
      return stopping
    },
  }
}

/** The SDK derives subscription ids the same way: sha256(topic + client id). */
function subscriptionId(topic: string, clientId: string): string {
  return sha256Hex(topic + clientId)
}

/** The `iss` (the client's did:key) of the relay-auth JWT, without checking it: any client is accepted. */
function clientIdFromAuth(auth: string | undefined): string | undefined {
  const payload = auth?.split('.')[1]
  if (!payload) return undefined
  try {
    const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }
    return typeof iss === 'string' && iss ? iss : undefined
  } catch {
    return undefined
  }
}

function requireString(params: Record<string, unknown>, key: string): string {
  const value = params[key]
  if (typeof value !== 'string' || !value) throw new RpcError(-32602, `Missing or invalid "${key}" param`)
  return value
}

function requireTopics(params: Record<string, unknown>): string[] {
  const topics = params.topics
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string'))
    throw new RpcError(-32602, 'Missing or invalid "topics" param')
  return topics as string[]
}
