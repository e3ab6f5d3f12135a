// The demo host site's server: starts the devnet chains, then a Vite server (the dev server, or a
// preview of a production build) whose page reads the devnet's URLs, keys and tokens from a JSON
// block the server writes into index.html. Node-only; the page never imports this.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  bip122CaipNetworkId,
  cosmosCaipNetworkId,
  type Devnet,
  polkadotCaipNetworkId,
  startDevnet,
} from '@portico/devnet'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import {
  build,
  createServer,
  type InlineConfig,
  type Plugin,
  type PreviewServer,
  preview,
  type ViteDevServer,
} from 'vite'
import type { DemoDevnetConfig } from './devnetConfig.js'
import { devnetPagesPlugin } from './devnetPages.js'
import { demoSiwxBackend } from './siwxBackend.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export type StartDemoOptions = {
  /** Port of the site (0: any free port). Default 5173; the next free one is taken when busy. */
  port?: number | undefined
  /** Ports of the devnet chains. Default: any free port. */
  evmPort?: number | undefined
  solanaPort?: number | undefined
  /** The auth server's clock (tests move it to expire sessions); default `Date.now`. */
  authNow?: (() => number) | undefined
  /**
   * Serve a production build (made by {@link buildDemo}) instead of the dev server: a page loads a
   * handful of chunks rather than hundreds of source modules. `true` serves {@link defaultBuildDir};
   * a string is the build's directory. Default: the dev server.
   */
  built?: boolean | string | undefined
}

export type StartDemoReturnType = {
  /** The site's URL, e.g. `http://127.0.0.1:5173/`. */
  url: string
  /** The running devnet (URLs, accounts, tokens). */
  devnet: Devnet
  /** Stops the site and the devnet; safe to call more than once. */
  stop(): Promise<void>
}

const virtualId = 'virtual:portico-devnet'
const resolvedVirtualId = `\0${virtualId}`
const configElementId = 'portico-devnet'

/** Where `buildDemo` writes by default and `startDemo({ built: true })` serves from. */
export const defaultBuildDir = join(root, 'node_modules/.cache/portico-demo')

/** `html` with the config as a JSON data block in its head (`<` escaped: it cannot close the tag). */
function withDevnetConfig(html: string, config: DemoDevnetConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const block = `<script type="application/json" id="${configElementId}">${json}</script>`
  return html.replace('</head>', `${block}\n</head>`)
}

/**
 * `virtual:portico-devnet` reads the devnet config from the page at run time, so one build serves
 * any devnet (each e2e file starts its own, on fresh ports). The server writes the config into
 * index.html as a JSON data block, read synchronously before the app starts: no extra request, and
 * not a script a Content-Security-Policy would have to allow. The dev server and the preview of a
 * build write it the same way. Without `config` (a build) the page is left as it is.
 */
function devnetConfigPlugin(config?: DemoDevnetConfig, buildDir?: string): Plugin {
  return {
    name: 'portico-demo-devnet',
    resolveId: (id) => (id === virtualId ? resolvedVirtualId : undefined),
    load: (id) =>
      id === resolvedVirtualId
        ? [
            `const element = document.getElementById(${JSON.stringify(configElementId)})`,
            'if (!element?.textContent) throw new Error("The demo page has no devnet config: serve it with apps/demo/src/server.ts")',
            'export const devnetConfig = JSON.parse(element.textContent)',
          ].join('\n')
        : undefined,
    transformIndexHtml: (html) => (config ? withDevnetConfig(html, config) : html),
    // A build's index.html is a static file: the preview answers it with the config written in.
    configurePreviewServer(server) {
      if (!config || !buildDir) return
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname
        if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== '/' && path !== '/index.html')) return next()
        readFile(join(buildDir, 'index.html'), 'utf8').then((html) => {
          res.setHeader('content-type', 'text/html; charset=utf-8')
          res.setHeader('cache-control', 'no-store')
          res.end(req.method === 'HEAD' ? undefined : withDevnetConfig(html, config))
        }, next)
      })
    },
  }
}

/** What every Vite server and build of the demo shares: this folder, no config file, quiet logs. */
const baseConfig = { configFile: false, root, logLevel: 'warn', clearScreen: false } satisfies InlineConfig

/** The Vite config the dev server and the build share: plugins and resolve conditions. */
function demoViteConfig(plugins: Plugin[]): InlineConfig {
  return {
    ...baseConfig,
    plugins: [...plugins, vanillaExtractPlugin(), react()],
    // Workspace packages resolve to their TypeScript sources (no package build needed).
    resolve: { conditions: ['portico-source', 'module', 'browser', 'development|production'] },
  }
}

/**
 * Builds the demo page for production into `outDir` (default {@link defaultBuildDir}), for
 * `startDemo({ built })`. The build holds no devnet: the server writes the config in at run time.
 *
 * @example
 * await buildDemo()
 * const demo = await startDemo({ port: 0, built: true })
 */
export async function buildDemo(options: { outDir?: string | undefined } = {}): Promise<{ outDir: string }> {
  const outDir = options.outDir ?? defaultBuildDir
  // The manifest (.vite/manifest.json) names each source module's chunk: tests find a lazy module's URL there.
  await build({ ...demoViteConfig([devnetConfigPlugin()]), build: { outDir, emptyOutDir: true, manifest: true } })
  return { outDir }
}

/** What the page needs to know about the devnet: plain JSON, no `stop`. */
export function toDemoDevnetConfig(devnet: Devnet): DemoDevnetConfig {
  return {
    apiUrl: devnet.api.url,
    evm: {
      rpcUrl: devnet.evm.rpcUrl,
      chainId: devnet.evm.chainId,
      privateKeys: devnet.evm.accounts.map((a) => a.privateKey),
      tokens: devnet.evm.tokens.map((t) => ({
        address: t.address,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
      })),
    },
    solana: {
      rpcUrl: devnet.solana.rpcUrl,
      genesisHash: devnet.solana.genesisHash,
      seeds: devnet.solana.accounts.map((a) => a.seed),
      tokens: devnet.solana.tokens.map((t) => ({
        address: t.mint,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
      })),
    },
    walletConnect: {
      relayUrl: devnet.walletConnect.relayUrl,
      verifyUrl: devnet.walletConnect.verifyUrl,
      walletUrl: devnet.walletConnect.walletUrl,
      chains: { polkadot: polkadotCaipNetworkId, bip122: bip122CaipNetworkId, cosmos: cosmosCaipNetworkId },
    },
    auth: { frameUrl: devnet.auth.frameUrl, inboxUrl: devnet.auth.inboxUrl },
    aa: { bundlerUrl: devnet.aa.bundlerUrl, paymasterUrl: devnet.aa.paymasterUrl },
  }
}

/**
 * Starts the devnet and the demo site on loopback.
 *
 * @example
 * const demo = await startDemo({ port: 0 })
 * console.log(demo.url, demo.devnet.evm.rpcUrl)
 * await demo.stop()
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<StartDemoReturnType> {
  const buildDir = options.built === true ? defaultBuildDir : options.built || undefined
  if (buildDir && !existsSync(join(buildDir, 'index.html')))
    throw new Error(`startDemo: no demo build in ${buildDir}; make one with buildDemo() first`)
  const devnet = await startDevnet({
    evm: { port: options.evmPort ?? 0 },
    solana: { port: options.solanaPort ?? 0 },
    ...(options.authNow ? { auth: { now: options.authNow } } : {}),
  })
  let server: PreviewServer | ViteDevServer | undefined
  // The sign-in page's backend (#/sign-in): verifies for this site's host once it listens.
  const siwx = demoSiwxBackend()
  const config = toDemoDevnetConfig(devnet)
  // One set of middlewares for both servers: each plugin mounts them on the dev server and on the preview.
  const plugins = [
    devnetConfigPlugin(config, buildDir),
    devnetPagesPlugin({ inboxUrl: devnet.auth.inboxUrl, evmRpcUrl: devnet.evm.rpcUrl }),
    siwx.plugin,
  ]
  const listen = { host: '127.0.0.1', port: options.port ?? 5173, strictPort: false }
  try {
    if (buildDir) {
      server = await preview({
        ...baseConfig,
        plugins,
        build: { outDir: buildDir },
        preview: listen,
      })
    } else {
      const dev = await createServer({
        ...demoViteConfig(plugins),
        // Prebundle every dependency up front (lazy pages included): a dependency discovered later
        // makes Vite reload the page, which a visitor (or a test) would see as a flash.
        optimizeDeps: {
          entries: ['index.html', 'src/**/*.tsx'],
          include: ['@vanilla-extract/recipes/createRuntimeFn'],
        },
        server: listen,
      })
      server = dev
      await dev.listen()
    }
  } catch (error) {
    await server?.close()
    await devnet.stop()
    throw error
  }
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://127.0.0.1:${port}/`
  siwx.start({ host: `127.0.0.1:${port}`, evmRpcUrl: devnet.evm.rpcUrl, evmChainId: devnet.evm.chainId })
  let stopping: Promise<void> | undefined
  const running = server
  return {
    url,
    devnet,
    stop() {
      stopping ??= Promise.allSettled([running.close(), devnet.stop()]).then(() => undefined)
      return stopping
    },
  }
}
