/**
 * Serves the devnet web wallet: one HTML page plus the browser bundle of `webWallet.ts`
 * (built with esbuild on first request, then cached). Node only. Loopback only.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Context, Hono } from 'hono'
import { serveEmulator } from '../emulator/app.js'
import type { WebWalletConfig } from './webWallet.js'

/**
 * Options for {@link startWebWallet}.
 *
 * @example
 * ```ts
 * const options: StartWebWalletOptions = { relayUrl: relay.url, verifyUrl: relay.verifyUrl, evmRpcUrl, solanaRpcUrl }
 * ```
 */
export interface StartWebWalletOptions extends WebWalletConfig {
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** TCP port; 0 (default) picks a free one. */
  port?: number
}

/**
 * A running web wallet server.
 *
 * @example
 * ```ts
 * const web: WebWallet = await startWebWallet({ relayUrl, evmRpcUrl, solanaRpcUrl })
 * console.log(`open ${web.url}#uri=${encodeURIComponent(uri)}`)
 * ```
 */
export interface WebWallet {
  /**
   * The page, e.g. `http://127.0.0.1:43127/`. Append `?uri=` or `#uri=` (URL-encoded), or open
   * `wc?uri=` (the universal link of its directory entry), to pair at once.
   */
  url: string
  /** Closes the server; resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

const BUNDLE_PATH = '/web-wallet.js'

/** Where the browser entry lives: next to this file in the sources, under `../src/wallet` from `dist`. */
function entryPoint(): string {
  for (const candidate of ['./webWallet.ts', '../src/wallet/webWallet.ts']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(path)) return path
  }
  throw new Error('@portico/devnet: src/wallet/webWallet.ts not found; the web wallet needs the package sources')
}

let bundle: Promise<string> | undefined

/**
 * The browser bundle of the web wallet (ESM, minified), built once per process.
 *
 * @example
 * ```ts
 * const js = await buildWebWalletBundle()
 * ```
 */
export function buildWebWalletBundle(): Promise<string> {
  bundle ??= (async () => {
    const esbuild = await import('esbuild')
    const result = await esbuild.build({
      entryPoints: [entryPoint()],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
      conditions: ['portico-source'],
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    })
    const output = result.outputFiles[0]
    if (!output) throw new Error('esbuild produced no output for the web wallet')
    return output.text
  })()
  bundle.catch(() => {
    bundle = undefined // let the next request retry
  })
  return bundle
}

function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/**
 * The wallet page with `config` injected as JSON.
 *
 * @example
 * ```ts
 * const html = webWalletHtml({ relayUrl, evmRpcUrl, solanaRpcUrl })
 * ```
 */
export function webWalletHtml(config: WebWalletConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portico devnet wallet</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #111; }
.card { border: 1px solid #bbb; border-radius: 8px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
pre { background: #f4f4f4; padding: 0.5rem; overflow: auto; max-height: 20rem; }
textarea { width: 100%; box-sizing: border-box; font-family: monospace; }
button { font: inherit; padding: 0.3rem 0.9rem; }
.warning { background: #fff3cd; padding: 0.5rem; border-radius: 6px; }
</style>
<script type="application/json" id="portico-wallet-config">${escapeJsonForHtml(config)}</script>
<script type="module" src="${BUNDLE_PATH}"></script>
</head>
<body>
<header>
<h1>Portico devnet wallet</h1>
<p class="warning">Public test keys for the local devnet only. Never send real funds to these addresses.</p>
</header>
<main>
<section aria-labelledby="pair-heading">
<h2 id="pair-heading">Pair</h2>
<form id="pair-form">
<label for="pair-uri">Pairing URI</label>
<textarea id="pair-uri" name="uri" rows="3" data-testid="pair-uri" placeholder="wc:…" required></textarea>
<button type="submit" data-testid="pair-button">Pair</button>
</form>
<p id="status" role="status" aria-live="polite" data-testid="status">Loading…</p>
</section>
<section aria-labelledby="proposals-heading"><h2 id="proposals-heading">Proposals</h2><div id="proposals"></div></section>
<section aria-labelledby="sessions-heading"><h2 id="sessions-heading">Sessions</h2><div id="sessions"></div></section>
<section aria-labelledby="requests-heading"><h2 id="requests-heading">Requests</h2><div id="requests"></div>
<h3>Answered</h3><ul id="answered"></ul></section>
<section aria-labelledby="accounts-heading"><h2 id="accounts-heading">Accounts</h2><ul id="accounts"></ul></section>
</main>
</body>
</html>
`
}

/**
 * Serves the devnet web wallet on loopback: `GET /` is the page (append `?uri=` or `#uri=` to
 * pair at once), `GET /wc?uri=` the same page as a universal link, `GET /web-wallet.js` its bundle. The page talks only to the URLs given here.
 *
 * @example
 * ```ts
 * const relay = await startRelay()
 * const web = await startWebWallet({
 *   relayUrl: relay.url,
 *   verifyUrl: relay.verifyUrl,
 *   evmRpcUrl: devnet.evm.rpcUrl,
 *   solanaRpcUrl: devnet.solana.rpcUrl,
 * })
 * // open web.url in a browser, paste a pairing URI
 * await web.stop()
 * ```
 */
export async function startWebWallet(options: StartWebWalletOptions): Promise<WebWallet> {
  const config: WebWalletConfig = {
    relayUrl: options.relayUrl,
    evmRpcUrl: options.evmRpcUrl,
    solanaRpcUrl: options.solanaRpcUrl,
    ...(options.verifyUrl ? { verifyUrl: options.verifyUrl } : {}),
    ...(options.evmChainIds ? { evmChainIds: options.evmChainIds } : {}),
    ...(options.accountIndex !== undefined ? { accountIndex: options.accountIndex } : {}),
  }
  const html = webWalletHtml(config)
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }

  // A page and its script, no JSON API: plain Hono (no CORS, text errors), listening like the emulators.
  const app = new Hono()
  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.body(null, 405, { ...headers, allow: 'GET, HEAD' })
    return next()
  })
  const page = (c: Context) => c.body(html, 200, { ...headers, 'content-type': 'text/html; charset=utf-8' })
  app.get('/', page)
  app.get('/index.html', page)
  // The universal link wallet kits build from a directory `mobile_link` (`{link}/wc?uri=wc:…`):
  // the same page, which pairs with its `uri` parameter at once.
  app.get('/wc', page)
  app.get(BUNDLE_PATH, async (c) => {
    try {
      const js = await buildWebWalletBundle()
      return c.body(js, 200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' })
    } catch (error) {
      return c.body(`web wallet bundle failed to build: ${(error as Error).message}`, 500, {
        ...headers,
        'content-type': 'text/plain; charset=utf-8',
      })
    }
  })
  app.get('/favicon.ico', (c) => c.body(null, 204, headers))
  app.notFound((c) => c.body('not found', 404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }))
  app.onError((_error, c) => c.body(null, 500))

  const server = await serveEmulator(app, { host: options.host, port: options.port })
  return { url: `${server.url}/`, stop: server.stop }
}
