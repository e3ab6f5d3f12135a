import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'

/**
 * Options of {@link createSecureFrameHandler}: what the frame's page and headers name.
 *
 * @example
 * ```ts
 * const options: SecureFrameOptions = { authUrl: 'https://auth.example.com', frameAncestors: ['https://app.example.com'] }
 * ```
 */
export interface SecureFrameOptions {
  /** Base URL of the `@portico/auth` server the frame logs in with. */
  authUrl: string
  /**
   * Page origins allowed to embed the frame (its `frame-ancestors`), e.g. `['https://app.example.com']`.
   * Default: any loopback origin, for development.
   */
  frameAncestors?: readonly string[]
}

/**
 * Options of {@link startSecureFrame}.
 *
 * @example
 * ```ts
 * const frame = await startSecureFrame({ authUrl: 'http://127.0.0.1:8790', port: 0 })
 * ```
 */
export interface StartSecureFrameOptions extends SecureFrameOptions {
  host?: string
  /** Port to listen on (default 0: a free one). */
  port?: number
}

/**
 * A running secure frame server.
 *
 * @example
 * ```ts
 * const frame = await startSecureFrame({ authUrl })
 * iframe.src = `${frame.url}/?projectId=my-dapp&chainId=1`
 * await frame.stop()
 * ```
 */
export interface SecureFrameServer {
  /** Origin of the frame, e.g. `http://127.0.0.1:43141` (the page is `/`). */
  url: string
  stop(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Bundles the frame (its script from `src/frame/main.ts` with esbuild, once per process), the
 * static page that loads it, and the headers that keep it a frame of allowed pages only.
 */
let bundle: Promise<string> | undefined
export function bundleFrame(): Promise<string> {
  bundle ??= (async () => {
    const built = join(here, 'frame.js')
    const prebuilt = await readFile(built, 'utf8').catch(() => undefined)
    if (prebuilt) return prebuilt
    const { build } = await import('esbuild')
    const result = await build({
      entryPoints: [join(here, 'frame/main.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      conditions: ['portico-source'],
      legalComments: 'none',
    })
    const file = result.outputFiles[0]
    if (!file) throw new Error('The secure frame bundle is empty')
    return file.text
  })()
  bundle.catch(() => {
    bundle = undefined
  })
  return bundle
}

function escapeAttribute(value: string) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

/** The frame page: no inline script, its configuration in a meta tag. */
export function framePage(authUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-auth-url" content="${escapeAttribute(authUrl)}">
<title>Portico secure frame</title>
<script type="module" src="/frame.js"></script>
</head>
<body></body>
</html>
`
}

/** Sent with every answer: nothing cached, no type sniffing, no referrer to the pages it loads. */
const commonHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const

/** The page's policy: its one script from its own origin, embedded only by `frameAncestors`. */
function contentSecurityPolicy(options: SecureFrameOptions): string {
  // Loopback for development. CSP source expressions have no syntax for IPv6 literals (browsers
  // report `http://[::1]:*` as invalid on every load and ignore it), so `[::1]` is not listed.
  const ancestors = options.frameAncestors?.join(' ') ?? 'http://127.0.0.1:* http://localhost:*'
  const authOrigin = new URL(options.authUrl).origin
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    // The host app's icon in the prompts (sync dapp data): https, inline images, loopback for development.
    'img-src https: data: http://127.0.0.1:* http://localhost:*',
    // The auth server and any chain RPC the host configures (the rpcUrl parameter).
    `connect-src ${authOrigin} http: https:`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/**
 * The secure frame as a web-standard handler (a `Request` in, a `Response` out), to mount in any
 * server or runtime: `GET /` is the page, `GET /frame.js` its script (bundled on first use),
 * anything else 404 and writes 405. Serve it at the root of an origin of its own (never the host
 * site's): the page loads `/frame.js`.
 *
 * @example
 * ```ts
 * import { createSecureFrameHandler } from '@portico/secure'
 *
 * const handler = createSecureFrameHandler({ authUrl: 'https://auth.example.com', frameAncestors: ['https://app.example.com'] })
 * // e.g. Next.js app/[[...frame]]/route.ts on the frame's own domain:
 * export const GET = handler
 * ```
 */
export function createSecureFrameHandler(options: SecureFrameOptions): (request: Request) => Promise<Response> {
  const csp = contentSecurityPolicy(options)
  const page = framePage(options.authUrl)
  const app = new Hono()
  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.body(null, 405, commonHeaders)
    await next()
  })
  app.get('/', (c) =>
    c.body(page, 200, {
      ...commonHeaders,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
    }),
  )
  app.get('/frame.js', async (c) =>
    c.body(await bundleFrame(), 200, { ...commonHeaders, 'content-type': 'text/javascript; charset=utf-8' }),
  )
  app.notFound((c) => c.body(null, 404, commonHeaders))
  return async (request) => app.fetch(request)
}

/**
 * Serves the secure frame on its own origin with Node's HTTP server ({@link createSecureFrameHandler}
 * behind a listener): `/` (the page) and `/frame.js`. Self-host it on a domain of its own (never
 * the host site's), next to the auth server. The script is bundled before it listens.
 *
 * @example
 * ```ts
 * import { startSecureFrame } from '@portico/secure'
 * const frame = await startSecureFrame({ authUrl: 'https://auth.example.com', frameAncestors: ['https://app.example.com'], port: 8791 })
 * ```
 */
export async function startSecureFrame(options: StartSecureFrameOptions): Promise<SecureFrameServer> {
  await bundleFrame()
  const server = createAdaptorServer({
    fetch: createSecureFrameHandler(options),
    // Whoever runs the frame's server may run other code in the process: leave its globals alone.
    overrideGlobalObjects: false,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  const http1 = server as Server
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        http1.closeAllConnections()
        http1.close(() => resolve())
      }),
  }
}
