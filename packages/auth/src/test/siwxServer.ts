// A host's sign-in back end for tests of server sign-in (here and in @portico/headless, which
// imports this file by path): createSiwxHandlers over real Node http on a loopback port, and a
// fetch that keeps cookies as a browser does.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CreateSiwxHandlersOptions, createSiwxHandlers } from '../siwx/createSiwxHandlers.js'
import { toNodeListener } from '../siwx/toNodeListener.js'

/** A fetch with a cookie jar, as a browser keeps the session cookie; `jar` holds the cookies it got. */
export function browserFetch(): { fetch: typeof fetch; jar: Map<string, string> } {
  const jar = new Map<string, string>()
  const fetchWithCookies: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const index = pair.indexOf('=')
      jar.set(pair.slice(0, index), pair.slice(index + 1))
    }
    return response
  }
  return { fetch: fetchWithCookies, jar }
}

/**
 * The sign-in routes under `/api/siwx/` and a protected route elsewhere (401 without a session,
 * else `{ hello: address }`) on a free loopback port; `base` is the server's origin.
 */
export async function startSiwxServer(options: CreateSiwxHandlersOptions) {
  const handlers = createSiwxHandlers(options)
  const siwxListener = toNodeListener(handlers.handle)
  const protectedListener = toNodeListener(async (request) => {
    const sessions = await handlers.getSessions(request)
    if (!sessions.length) return new Response('{"error":"unauthorized"}', { status: 401 })
    return Response.json({ hello: sessions[0]?.address })
  })
  const server = createServer((req, res) =>
    (req.url?.startsWith('/api/siwx/') ? siwxListener : protectedListener)(req, res),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handlers,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
