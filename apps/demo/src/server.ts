// The demo host site's server: starts the devnet chains, then a Vite dev server whose page reads
// the devnet's URLs, keys and tokens from a virtual module. Node-only; the page never imports this.
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
import { createServer, type Plugin } from 'vite'
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

/** Serves `virtual:portico-devnet`: the browser-safe part of the running devnet. */
function devnetConfigPlugin(config: DemoDevnetConfig): Plugin {
  return {
    name: 'portico-demo-devnet',
    resolveId: (id) => (id === virtualId ? resolvedVirtualId : undefined),
    load: (id) => (id === resolvedVirtualId ? `export const devnetConfig = ${JSON.stringify(config)}` : undefined),
  }
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
  const devnet = await startDevnet({
    evm: { port: options.evmPort ?? 0 },
    solana: { port: options.solanaPort ?? 0 },
    ...(options.authNow ? { auth: { now: options.authNow } } : {}),
  })
  let server: Awaited<ReturnType<typeof createServer>> | undefined
  // The sign-in page's backend (#/sign-in): verifies for this site's host once it listens.
  const siwx = demoSiwxBackend()
  try {
    server = await createServer({
      configFile: false,
      root,
      logLevel: 'warn',
      clearScreen: false,
      plugins: [
        devnetConfigPlugin(toDemoDevnetConfig(devnet)),
        devnetPagesPlugin({ inboxUrl: devnet.auth.inboxUrl, evmRpcUrl: devnet.evm.rpcUrl }),
        siwx.plugin,
        vanillaExtractPlugin(),
        react(),
      ],
      // Workspace packages resolve to their TypeScript sources (no build needed).
      resolve: { conditions: ['portico-source', 'module', 'browser', 'development|production'] },
      // Prebundle every dependency up front (lazy pages included): a dependency discovered later
      // makes Vite reload the page, which a visitor (or a test) would see as a flash.
      optimizeDeps: {
        entries: ['index.html', 'src/**/*.tsx'],
        include: ['@vanilla-extract/recipes/createRuntimeFn'],
      },
      server: { host: '127.0.0.1', port: options.port ?? 5173, strictPort: false },
    })
    await server.listen()
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
