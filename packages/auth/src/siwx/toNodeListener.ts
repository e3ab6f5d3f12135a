import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SiwxRequestHandler } from './createSiwxHandlers.js'

/** The request as Express hands it over: `originalUrl` keeps the mount path, `body` may be parsed already. */
type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown }

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
 * Adapts a fetch-API handler (e.g. `createSiwxHandlers(…).handle`) to Node's
 * `(req, res)` listener, which both `http.createServer` and Express accept. A body that
 * Express already parsed (`express.json()`) is re-serialised; otherwise the stream is read.
 * It imports nothing (Node's types only), so the entry it is part of still bundles for edge
 * runtimes, where a Node adapter (Hono's included) would not resolve.
 *
 * @example
 * import express from 'express'
 * const siwx = createSiwxHandlers({ domain: 'localhost:3000' })
 * const app = express()
 * app.use('/api/siwx', toNodeListener(siwx.handle))
 *
 * // or plain Node:
 * http.createServer(toNodeListener(siwx.handle)).listen(0, '127.0.0.1')
 */
export function toNodeListener(handler: SiwxRequestHandler, options: ToNodeListenerOptions = {}) {
  return (req: NodeRequest, res: ServerResponse, next?: (error?: unknown) => void): void => {
    void (async () => {
      const request = await toRequest(req, options)
      const response = await handler(request)
      res.statusCode = response.status
      for (const [key, value] of response.headers) if (key !== 'set-cookie') res.setHeader(key, value)
      const cookies = response.headers.getSetCookie()
      if (cookies.length) res.setHeader('set-cookie', cookies)
      res.end(Buffer.from(await response.arrayBuffer()))
    })().catch((error: unknown) => {
      if (next) return next(error)
      if (!res.headersSent) {
        res.statusCode = 500
        res.setHeader('content-type', 'application/json')
      }
      res.end(JSON.stringify({ error: 'internal_error', message: 'The sign-in route failed.' }))
    })
  }
}

async function toRequest(req: NodeRequest, { trustProxy = false }: ToNodeListenerOptions): Promise<Request> {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
  const protocol = (trustProxy && first(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http')
  const host = (trustProxy && first(req.headers['x-forwarded-host'])) || req.headers.host || 'localhost'
  const url = new URL(req.originalUrl ?? req.url ?? '/', `${protocol}://${host}`)
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item)
  }
  const method = req.method ?? 'GET'
  let body: string | undefined
  if (method !== 'GET' && method !== 'HEAD') {
    if (req.body !== undefined) body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
    else {
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of req) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
        size += buffer.length
        // The handlers refuse bodies over 64 KiB anyway; stop buffering a flood long before memory matters.
        if (size > 1024 * 1024) {
          req.destroy()
          throw new Error('request body too large')
        }
        chunks.push(buffer)
      }
      body = Buffer.concat(chunks).toString('utf8')
    }
  }
  return new Request(url, { method, headers, ...(body === undefined ? {} : { body }) })
}
