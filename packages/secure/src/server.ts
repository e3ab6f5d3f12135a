import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAdaptorServer } from '@hono/node-server'
import { Hono } from 'hono'
import { isReceiptTimeout, receiptTimeoutBoundsMs } from './receiptTimeout.js'

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
  /**
   * How the frame protects the recovery share of each key it makes (see the README's "Recovery
   * modes"): `'user-held'` (default) encrypts it in the frame with a recovery code shown to the user
   * once, so the auth server's operator cannot rebuild keys; `'operator-assisted'` lets the auth
   * server seal it with its recovery key, so the user needs only their mailbox, and the operator
   * can rebuild every key.
   */
  recoveryMode?: 'user-held' | 'operator-assisted'
  /**
   * How long the frame waits for a smart account's user operation to be included before it answers
   * the spec's 'Failed to fetch user operation receipt - status' (the operation stays sent): a whole
   * number of milliseconds from 1,000 to 600,000. Default 60,000.
   */
  receiptTimeoutMs?: number
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
 * Builds the frame's script from `src/frame/main.ts` with esbuild: one file, minified, with fixed
 * options and no paths, dates or comments in it, so the same sources and lockfile give the same
 * bytes on every machine (the package's build writes exactly this as `dist/frame.js`).
 */
export async function buildFrameScript(): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [join(here, here.endsWith('dist') ? '../src/frame/main.ts' : 'frame/main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    conditions: ['portico-source'],
    legalComments: 'none',
    charset: 'utf8',
    absWorkingDir: join(here, '..'),
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error('The secure frame bundle is empty')
  return file.text
}

/**
 * The frame's script as served: the prebuilt `dist/frame.js` of a published package, else built
 * once per process ({@link buildFrameScript}).
 */
let bundle: Promise<string> | undefined
export function bundleFrame(): Promise<string> {
  bundle ??= (async () => {
    const prebuilt = await readFile(join(here, 'frame.js'), 'utf8').catch(() => undefined)
    return prebuilt ?? buildFrameScript()
  })()
  bundle.catch(() => {
    bundle = undefined
  })
  return bundle
}

/**
 * The SHA-256 (base64) of the script the frame serves: the page pins it (Subresource Integrity) and
 * the frame reports it in its ready message. `npx portico-frame-hash` prints it for a build.
 *
 * @example
 * ```ts
 * console.log(`sha256-${await frameScriptHash()}`)
 * ```
 */
export async function frameScriptHash(): Promise<string> {
  return createHash('sha256')
    .update(await bundleFrame(), 'utf8')
    .digest('base64')
}

function escapeAttribute(value: string) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

/**
 * The frame page: no inline script, its configuration in meta tags, its one script pinned by hash
 * (`integrity`) when given, so a browser runs no other bytes under that page.
 */
export function framePage(
  authUrl: string,
  options: { recoveryMode?: 'user-held' | 'operator-assisted'; scriptHash?: string; receiptTimeoutMs?: number } = {},
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-auth-url" content="${escapeAttribute(authUrl)}">
<meta name="portico-recovery-mode" content="${options.recoveryMode ?? 'user-held'}">
${isReceiptTimeout(options.receiptTimeoutMs) ? `<meta name="portico-receipt-timeout-ms" content="${options.receiptTimeoutMs}">\n` : ''}<title>Portico secure frame</title>
<script type="module" src="/frame.js"${options.scriptHash ? ` integrity="sha256-${escapeAttribute(options.scriptHash)}"` : ''}></script>
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
  const { receiptTimeoutMs } = options
  if (receiptTimeoutMs !== undefined && !isReceiptTimeout(receiptTimeoutMs))
    throw new RangeError(
      `receiptTimeoutMs must be a whole number of milliseconds from ${receiptTimeoutBoundsMs.min} to ${receiptTimeoutBoundsMs.max}, got ${String(receiptTimeoutMs)}`,
    )
  const csp = contentSecurityPolicy(options)
  let page: Promise<string> | undefined
  const pageHtml = () => {
    page ??= frameScriptHash().then((scriptHash) =>
      framePage(options.authUrl, {
        recoveryMode: options.recoveryMode ?? 'user-held',
        scriptHash,
        ...(receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs }),
      }),
    )
    page.catch(() => {
      page = undefined
    })
    return page
  }
  const app = new Hono()
  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.body(null, 405, commonHeaders)
    await next()
  })
  app.get('/', async (c) =>
    c.body(await pageHtml(), 200, {
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
