import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { SiwxRequestHandler } from './createSiwxHandlers.js'

/** The request as Express hands it over: `originalUrl` keeps the mount path, `body` may be parsed already. */
type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown; rawBody?: Buffer }

/**
 * Options of {@link toNodeListener}.
 *
 * @example
 * ```ts
 * const options: ToNodeListenerOptions = { trustProxy: true }
 * ```
 */
export type ToNodeListenerOptions = {
  /**
   * Take the scheme and host from `X-Forwarded-Proto` / `X-Forwarded-Host` (only behind a proxy
   * you control, which sets them). Default false.
   */
  trustProxy?: boolean | undefined
}

/**
 * Adapts a fetch-API handler (e.g. `createSiwxHandlers(…).handle`) to Node's `(req, res)`
 * listener, which both `http.createServer` and Express accept, through Hono's Node adapter. A
 * body that Express already parsed (`express.json()`) is passed on as it was sent.
 *
 * @example
 * ```ts
 * import express from 'express'
 * const siwx = createSiwxHandlers({ domain: 'localhost:3000' })
 * const app = express()
 * app.use('/api/siwx', toNodeListener(siwx.handle))
 *
 * // or plain Node:
 * http.createServer(toNodeListener(siwx.handle)).listen(0, '127.0.0.1')
 * ```
 */
export function toNodeListener(handler: SiwxRequestHandler, options: ToNodeListenerOptions = {}) {
  const listener = getRequestListener((request) => handler(request), {
    errorHandler: () =>
      Response.json({ error: 'internal_error', message: 'The sign-in route failed.' }, { status: 500 }),
  })
  return (req: NodeRequest, res: ServerResponse, _next?: (error?: unknown) => void): void => {
    // Express consumed the stream into `body`: hand the adapter the bytes again.
    if (req.body !== undefined && req.rawBody === undefined && req.readableEnded)
      req.rawBody = Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body))
    const path = req.originalUrl ?? req.url ?? '/'
    if (options.trustProxy) {
      const first = (value: string | string[] | undefined) =>
        (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()
      const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
      const protocol = first(req.headers['x-forwarded-proto']) || (encrypted ? 'https' : 'http')
      const host = first(req.headers['x-forwarded-host']) || req.headers.host || 'localhost'
      // An absolute URL is taken as is by the adapter.
      req.url = `${protocol}://${host}${path}`
    } else req.url = path
    void listener(req, res)
  }
}
