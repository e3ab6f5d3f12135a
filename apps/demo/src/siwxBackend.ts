// The demo's sign-in backend: the routes of @portico/auth/siwx on the demo's own
// origin (nonce, verify, session, revoke under /api/siwx) and one protected endpoint, /api/me,
// that answers only a browser holding a verified session. Node-only, mounted by server.ts.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type CreateSiwxHandlersReturnType, createSiwxHandlers, toNodeListener } from '@portico/auth/siwx'
import type { Connect, Plugin } from 'vite'

export type DemoSiwxBackend = {
  /** The Vite plugin that mounts the routes (503 until {@link DemoSiwxBackend.start}). */
  plugin: Plugin
  /** Starts verifying for the site's host once it is known (`127.0.0.1:port`). */
  start(options: { host: string; evmRpcUrl: string; evmChainId: number }): void
}

/**
 * The demo's sign-in routes. The verifier checks the domain (the site's host), the nonce (single
 * use), the time bounds and the signature: EOAs and ed25519 locally, smart accounts (ERC-1271,
 * ERC-6492) on the devnet's anvil.
 *
 * @example
 * const siwx = demoSiwxBackend()
 * createServer({ plugins: [siwx.plugin] })
 * siwx.start({ host: '127.0.0.1:5173', evmRpcUrl, evmChainId: 31337 })
 */
export function demoSiwxBackend(): DemoSiwxBackend {
  let handlers: CreateSiwxHandlersReturnType | undefined
  const unavailable = (res: ServerResponse) => {
    res.statusCode = 503
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ error: 'not_ready' }))
  }
  const me = async (req: IncomingMessage, res: ServerResponse) => {
    if (!handlers) return unavailable(res)
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}/api/me`, {
      headers: { cookie: req.headers.cookie ?? '' },
    })
    const [session] = await handlers.getSessions(request)
    res.setHeader('content-type', 'application/json')
    res.setHeader('cache-control', 'no-store')
    if (!session) {
      res.statusCode = 401
      res.end(JSON.stringify({ error: 'not_signed_in' }))
      return
    }
    res.end(JSON.stringify({ address: session.address, chainId: session.chainId }))
  }
  const mount = (middlewares: Connect.Server) => {
    middlewares.use('/api/siwx', (req, res, next) => {
      if (!handlers) return unavailable(res)
      toNodeListener(handlers.handle)(req, res, next)
    })
    middlewares.use('/api/me', (req, res, next) => {
      me(req, res).catch(next)
    })
  }
  return {
    // The same routes on the dev server and on the preview of a build.
    plugin: {
      name: 'portico-demo-siwx',
      configureServer: (server) => mount(server.middlewares),
      configurePreviewServer: (server) => mount(server.middlewares),
    },
    start({ host, evmRpcUrl, evmChainId }) {
      handlers = createSiwxHandlers({ domain: host, rpcUrls: { [`eip155:${evmChainId}`]: evmRpcUrl } })
    },
  }
}
