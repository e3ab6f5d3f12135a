/**
 * What every devnet emulator does the same way, on one router (Hono): CORS for pages on other
 * loopback ports, a request body limit (`readText`, `readJson`), JSON error replies, and listening
 * on loopback with a free port. An emulator is a Hono app made here plus its own routes;
 * `serveEmulator` puts it on a port. Route groups are sub-apps mounted with `app.route('/', group)`.
 */
import type { Server } from 'node:http'
import { createAdaptorServer, type HttpBindings, type WebSocketServerLike } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { formatHostPort, listenOnLoopback, resolveLoopbackHost } from '../net.js'

/**
 * @internal
 * The bindings of an emulator's routes: Node's request and response (`c.env.incoming`), and the
 * app's body limit for {@link readText}.
 */
export type EmulatorEnv = NodeEnv & { Variables: { maxBodyBytes: number } }

/** @internal Hono's environment under `@hono/node-server`: the raw Node request and response. */
export type NodeEnv = { Bindings: HttpBindings }

/** @internal An emulator: a Hono app over Node's HTTP bindings. */
export type EmulatorApp = Hono<EmulatorEnv>

/**
 * @internal
 * A client error a route answers with its status and the emulator's error body (`{ message }`
 * unless the emulator says otherwise). Thrown from routes and from the pure logic they call.
 */
export class HttpError extends HTTPException {
  constructor(status: ContentfulStatusCode, message: string) {
    super(status, { message })
  }
}

/** @internal Options of {@link createEmulatorApp}. */
export interface EmulatorAppOptions {
  /**
   * Methods pages on other origins may use (`*` origin, preflights answered with 204 and the
   * requested headers), or `false` for a server whose only client is its own page.
   */
  cors: readonly string[] | false
  /** `Access-Control-Max-Age` of preflight answers (default 86400; `null`: none). */
  corsMaxAge?: number | null
  /** Largest request body accepted; larger ones get 413 'Request body too large' (default 1 MiB). */
  maxBodyBytes?: number
  /** The JSON body of every error reply (default `{ message }`). */
  errorBody?: (message: string) => unknown
  /** Message of the 404 reply for a path or method no route takes (default `No route for GET /x`). */
  notFoundMessage?: (method: string, path: string) => string
}

/**
 * @internal
 * A new emulator app with the shared behaviour in front of its routes. Paths match with or without
 * a trailing slash, as the hosted services do.
 */
export function createEmulatorApp(options: EmulatorAppOptions): EmulatorApp {
  const errorBody = options.errorBody ?? ((message: string) => ({ message }))
  const notFoundMessage = options.notFoundMessage ?? ((method, path) => `No route for ${method} ${path}`)
  const app = new Hono<EmulatorEnv>({ strict: false })
  if (options.cors) {
    const maxAge = options.corsMaxAge === undefined ? 86_400 : options.corsMaxAge
    app.use(cors({ origin: '*', allowMethods: [...options.cors], ...(maxAge === null ? {} : { maxAge }) }))
  }
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  app.use((c, next) => {
    c.set('maxBodyBytes', maxBodyBytes)
    return next()
  })
  app.notFound((c) => c.json(errorBody(notFoundMessage(c.req.method, c.req.path)), 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json(errorBody(error.message), error.status)
    return c.json(errorBody(error.message), 500)
  })
  return app
}

/**
 * @internal
 * The request body as text, refused with 413 'Request body too large' once it passes the app's
 * limit (announced or streamed). The limit is checked here, where routes read bodies, rather than
 * by Hono's `bodyLimit`: that middleware rebuilds the request, which fails on the Node adapter's
 * requests unless the adapter replaces the process's global `Request`/`Response`, and the devnet
 * shares its process with the code under test.
 */
export async function readText(c: Context<EmulatorEnv>): Promise<string> {
  const limit = c.get('maxBodyBytes')
  const tooLarge = () => new HttpError(413, 'Request body too large')
  if (Number(c.req.header('content-length')) > limit) throw tooLarge()
  const body = c.req.raw.body
  if (!body) return ''
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // The rest of the body is not read.
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** @internal Whether a parsed JSON value is an object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** @internal The request body ({@link readText}) as JSON; 400 'Body is not valid JSON' when it is not. */
export async function readJson(c: Context<EmulatorEnv>): Promise<unknown> {
  const text = await readText(c)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Body is not valid JSON')
  }
}

/** @internal Options of {@link serveEmulator}. */
export interface ServeEmulatorOptions {
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** TCP port; 0 (default) lets the OS pick a free one. */
  port?: number
  /** A `ws` server (`noServer: true`) for the app's `upgradeWebSocket` routes. */
  websocket?: WebSocketServerLike
}

/** @internal An emulator listening on loopback. */
export interface RunningEmulator {
  /** `http://host:port`, no trailing slash. */
  url: string
  host: string
  port: number
  /** Closes the server and its keep-alive connections; resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

/**
 * @internal
 * Listens with `app` on a loopback port (exclusive: a port two devnets share would mix their
 * traffic). Rejects on a bind error, e.g. a port in use.
 */
export async function serveEmulator(
  app: { fetch: (request: Request, env: HttpBindings) => Response | Promise<Response> },
  options: ServeEmulatorOptions = {},
): Promise<RunningEmulator> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  const server = createAdaptorServer({
    fetch: app.fetch as (request: Request, env: unknown) => Response | Promise<Response>,
    // The devnet runs inside test processes next to the code under test: leave their globals alone.
    overrideGlobalObjects: false,
    ...(options.websocket ? { websocket: { server: options.websocket } } : {}),
  }) as Server
  const port = await listenOnLoopback(server, host, options.port ?? 0)
  let stopping: Promise<void> | undefined
  return {
    url: `http://${formatHostPort(host, port)}`,
    host,
    port,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Clients keep connections alive; without this, close() waits for them to time out.
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
