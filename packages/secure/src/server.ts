import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Options of {@link startSecureFrame}.
 *
 * @example
 * ```ts
 * const frame = await startSecureFrame({ authUrl: 'http://127.0.0.1:8790', port: 0 })
 * ```
 */
export interface StartSecureFrameOptions {
  /** Base URL of the `@portico/auth` server the frame logs in with. */
  authUrl: string
  host?: string
  /** Port to listen on (default 0: a free one). */
  port?: number
  /**
   * Page origins allowed to embed the frame (its `frame-ancestors`), e.g. `['https://app.example.com']`.
   * Default: any loopback origin, for development.
   */
  frameAncestors?: readonly string[]
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

/**
 * Serves the secure frame on its own origin: `/` (the page) and `/frame.js`. Self-host it on a
 * domain of its own (never the host site's), next to the auth server.
 *
 * @example
 * ```ts
 * import { startSecureFrame } from '@portico/secure'
 * const frame = await startSecureFrame({ authUrl: 'https://auth.example.com', frameAncestors: ['https://app.example.com'], port: 8791 })
 * ```
 */
export async function startSecureFrame(options: StartSecureFrameOptions): Promise<SecureFrameServer> {
  const script = await bundleFrame()
  // Loopback for development. CSP source expressions have no syntax for IPv6 literals (browsers
  // report `http://[::1]:*` as invalid on every load and ignore it), so `[::1]` is not listed.
  const ancestors = options.frameAncestors?.join(' ') ?? 'http://127.0.0.1:* http://localhost:*'
  const authOrigin = new URL(options.authUrl).origin
  const csp = [
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
  const page = framePage(options.authUrl)
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://frame').pathname
    const common = {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, common).end()
    } else if (path === '/') {
      response.writeHead(200, { ...common, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
      response.end(page)
    } else if (path === '/frame.js') {
      response.writeHead(200, { ...common, 'content-type': 'text/javascript; charset=utf-8' })
      response.end(script)
    } else {
      response.writeHead(404, common).end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
