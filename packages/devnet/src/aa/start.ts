/**
 * The devnet's account-abstraction services together: the bundler and the paymaster service,
 * with their fault switches in Node and over HTTP (`/__devnet/switches` on the paymaster
 * service, which stays up while the bundler is down).
 */
import { Hono } from 'hono'
import type { Address } from 'viem'
import { type EmulatorEnv, readJson } from '../emulator/app.js'
import { type DevnetBundler, startBundler } from './bundler.js'
import { devnetAccountAbstraction } from './contracts.js'
import { startPaymaster } from './paymaster.js'
import type { PaymasterPolicy, PaymasterSponsorship } from './policy.js'

/**
 * The account-abstraction stack of a running devnet: ERC-4337 EntryPoint v0.8 with its bundler
 * (Pimlico's Alto) and a paymaster that sponsors by policy, plus the switches fault tests use.
 *
 * @example
 * ```ts
 * const { aa, evm } = await startDevnet()
 * const bundlerClient = createBundlerClient({
 *   client: createPublicClient({ chain: foundry, transport: http(evm.rpcUrl) }),
 *   transport: http(aa.bundlerUrl),
 *   paymaster: createPaymasterClient({ transport: http(aa.paymasterUrl) }),
 * })
 * await aa.bundler.pauseBundling() // operations are accepted, their receipts never come
 * aa.paymasterPolicy.refuse = true // the paymaster refuses every operation
 * ```
 */
export interface DevnetAccountAbstraction {
  /** The bundler's JSON-RPC URL (Alto starts on the first request or `bundler.ready()`). */
  bundlerUrl: string
  /** The paymaster service's URL (ERC-7677: `pm_getPaymasterStubData`, `pm_getPaymasterData`). */
  paymasterUrl: string
  entryPoint: Address
  entryPointVersion: '0.8'
  /** SimpleAccountFactory (v0.8): viem/permissionless `toSimpleSmartAccount`'s default for v0.8. */
  simpleAccountFactory: Address
  /** Simple7702Account: viem's `toSimple7702SmartAccount` default implementation. */
  simple7702Account: Address
  /** The embedded wallet's account factory (PorticoAccount, Solady's ERC-4337): viem's `toSoladySmartAccount` `factoryAddress`. */
  porticoAccountFactory: Address
  /** The verifying paymaster contract (`PorticoPaymaster`). */
  paymaster: Address
  /** Bundler switches: `down()`/`up()`, `pauseBundling()`/`resumeBundling()`, `ready()`, `logs()`. */
  bundler: Omit<DevnetBundler, 'url' | 'stop'>
  /** The paymaster's live policy (`refuse`, `senders`, `maxGas`, `validForSeconds`). */
  paymasterPolicy: PaymasterPolicy
  /** Sponsorships the paymaster signed, oldest first. */
  sponsored(): PaymasterSponsorship[]
}

/**
 * Options for {@link startAccountAbstraction}.
 *
 * @example
 * ```ts
 * const aa = await startAccountAbstraction({ rpcUrl: anvil.rpcUrl, bundlerPort: 4337, paymasterPort: 4338 })
 * ```
 */
export interface StartAccountAbstractionOptions {
  /** The devnet anvil's JSON-RPC URL. */
  rpcUrl: string
  host?: string
  /** Port of the bundler URL; 0 (default) picks a free one. */
  bundlerPort?: number
  /** Port of the paymaster service; 0 (default) picks a free one. */
  paymasterPort?: number
}

/**
 * Starts the bundler and the paymaster service against a devnet anvil that has the committed
 * state (EntryPoint and paymaster deployed). Over HTTP, `GET /__devnet/switches` on
 * `paymasterUrl` reads the switches and `POST /__devnet/switches` sets some of them (all or
 * nothing): `{ bundler?: 'up' | 'down', bundling?: 'auto' | 'paused', paymaster?: { refuse?,
 * senders?, maxGas? (decimal string or null), validForSeconds? } }`.
 *
 * @example
 * ```ts
 * const aa = await startAccountAbstraction({ rpcUrl: anvil.rpcUrl })
 * await fetch(`${aa.paymasterUrl}/__devnet/switches`, { method: 'POST', body: JSON.stringify({ bundler: 'down' }) })
 * await aa.stop()
 * ```
 */
export async function startAccountAbstraction(
  options: StartAccountAbstractionOptions,
): Promise<DevnetAccountAbstraction & { stop(): Promise<void> }> {
  const bundler = await startBundler({ rpcUrl: options.rpcUrl, host: options.host, port: options.bundlerPort ?? 0 })
  let paymaster: Awaited<ReturnType<typeof startPaymaster>>
  try {
    paymaster = await startPaymaster({
      rpcUrl: options.rpcUrl,
      host: options.host,
      port: options.paymasterPort ?? 0,
      controlRoutes: (policy) => switchRoutes(bundler, policy),
    })
  } catch (error) {
    await bundler.stop()
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    bundlerUrl: bundler.url,
    paymasterUrl: paymaster.url,
    entryPoint: devnetAccountAbstraction.entryPoint,
    entryPointVersion: devnetAccountAbstraction.entryPointVersion,
    simpleAccountFactory: devnetAccountAbstraction.simpleAccountFactory,
    simple7702Account: devnetAccountAbstraction.simple7702Account,
    porticoAccountFactory: devnetAccountAbstraction.porticoAccountFactory,
    paymaster: devnetAccountAbstraction.paymaster,
    bundler: {
      ready: bundler.ready,
      down: bundler.down,
      up: bundler.up,
      pauseBundling: bundler.pauseBundling,
      resumeBundling: bundler.resumeBundling,
      logs: bundler.logs,
      get isUp() {
        return bundler.isUp
      },
      get bundlingPaused() {
        return bundler.bundlingPaused
      },
      get pid() {
        return bundler.pid
      },
    },
    paymasterPolicy: paymaster.policy,
    sponsored: () => paymaster.sponsored(),
    stop() {
      stopping ??= Promise.all([bundler.stop(), paymaster.stop()]).then(() => undefined)
      return stopping
    },
  }
}

function switchRoutes(bundler: DevnetBundler, policy: PaymasterPolicy): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  app.get('/switches', async (c) => {
    const { switchState } = await import('./switches.js')
    return c.json(switchState(bundler, policy))
  })
  app.post('/switches', async (c) => {
    const body = await readJson(c)
    // zod loads with the first switch flipped, not with every devnet.
    const { applyAaSwitches, switchState } = await import('./switches.js')
    await applyAaSwitches(body, bundler, policy)
    return c.json(switchState(bundler, policy))
  })
  return app
}
