/**
 * The devnet's paymaster service: signs sponsorships for `PorticoPaymaster` (OpenZeppelin's
 * PaymasterSigner on anvil) by a policy, over the paymaster RPC of ERC-7677 that viem's
 * `createPaymasterClient` speaks (`pm_getPaymasterStubData`, `pm_getPaymasterData`).
 */
import type { Hono } from 'hono'
import { type Address, getAddress } from 'viem'
import { createEmulatorApp, type EmulatorEnv, HttpError, readText, serveEmulator } from '../emulator/app.js'
import { devnetAccountAbstraction } from './contracts.js'
import { defaultPaymasterPolicy, type PaymasterPolicy, type PaymasterSponsorship } from './policy.js'

/**
 * Options for {@link startPaymaster}.
 *
 * @example
 * ```ts
 * const paymaster = await startPaymaster({ rpcUrl: devnet.evm.rpcUrl })
 * ```
 */
export interface StartPaymasterOptions {
  /** The anvil JSON-RPC URL (a sponsorship's validity starts at the later of the latest block's time and now). */
  rpcUrl: string
  /** Port; 0 (default) picks a free one. */
  port?: number
  /** Loopback address to bind (default `127.0.0.1`); anything else is rejected. */
  host?: string
  /** Initial policy fields (the rest from {@link defaultPaymasterPolicy}). */
  policy?: Partial<PaymasterPolicy>
  /** @internal Extra routes served under `/__devnet` (the devnet's account-abstraction switches). */
  controlRoutes?: (policy: PaymasterPolicy) => Hono<EmulatorEnv>
}

/**
 * A running paymaster service.
 *
 * @example
 * ```ts
 * const paymaster = await startPaymaster({ rpcUrl })
 * const paymasterClient = createPaymasterClient({ transport: http(paymaster.url) })
 * paymaster.policy.refuse = true
 * await paymaster.stop()
 * ```
 */
export interface DevnetPaymaster {
  /** The paymaster RPC URL (`POST /`), e.g. `http://127.0.0.1:43138`. */
  url: string
  /** The `PorticoPaymaster` contract it signs for. */
  address: Address
  /** The live policy. */
  policy: PaymasterPolicy
  /** Sponsorships signed so far, oldest first. */
  sponsored(): PaymasterSponsorship[]
  /** Closes the server; resolves once the port is free. Idempotent. */
  stop(): Promise<void>
}

const MAX_BODY_BYTES = 256 * 1024

/**
 * Starts the devnet's paymaster service. It answers `pm_getPaymasterStubData` (with a stub
 * signature, for gas estimation, and `sponsor: { name: 'Portico devnet' }`) and
 * `pm_getPaymasterData` (a real signature over the operation as it will be sent), each for the
 * devnet chain and EntryPoint v0.8 only, and refuses by its {@link PaymasterPolicy} with
 * {@link paymasterRefusedCode}. The signature is valid for `policy.validForSeconds` from now (or
 * from the latest block, when chain time is ahead).
 *
 * @example
 * ```ts
 * import { startPaymaster } from '@portico/devnet'
 * import { createPaymasterClient } from 'viem/account-abstraction'
 *
 * const paymaster = await startPaymaster({ rpcUrl: devnet.evm.rpcUrl })
 * const bundlerClient = createBundlerClient({ client, transport: http(bundlerUrl), paymaster: createPaymasterClient({ transport: http(paymaster.url) }) })
 * ```
 */
export async function startPaymaster(options: StartPaymasterOptions): Promise<DevnetPaymaster> {
  const policy: PaymasterPolicy = { ...defaultPaymasterPolicy(), ...options.policy }
  const sponsorships: PaymasterSponsorship[] = []
  const context = { rpcUrl: options.rpcUrl, policy, record: (s: PaymasterSponsorship) => void sponsorships.push(s) }

  const app = createEmulatorApp({ cors: ['GET', 'POST', 'OPTIONS'], maxBodyBytes: MAX_BODY_BYTES })
  if (options.controlRoutes) app.route('/__devnet', options.controlRoutes(policy))
  app.post('/', async (c) => {
    let text: string
    try {
      text = await readText(c)
    } catch (error) {
      // A paymaster client reads JSON-RPC errors, not the emulator's `{ message }`.
      if (error instanceof HttpError) return c.json(rpcError(null, -32600, error.message), error.status)
      throw error
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return c.json(rpcError(null, -32700, 'Parse error'), 400)
    }
    const answer = async (call: unknown) => {
      if (!isRequest(call)) return rpcError(null, -32600, 'Invalid request')
      const id = call.id ?? null
      try {
        const { answerPaymasterCall } = await import('./sponsor.js')
        return { jsonrpc: '2.0', id, result: await answerPaymasterCall(context, call.method, call.params) }
      } catch (error) {
        const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603
        return rpcError(id, code, (error as Error).message)
      }
    }
    if (Array.isArray(body)) {
      if (body.length === 0) return c.json(rpcError(null, -32600, 'Empty batch'))
      return c.json(await Promise.all(body.map(answer)))
    }
    return c.json(await answer(body))
  })

  const server = await serveEmulator(app, { host: options.host, port: options.port ?? 0 })
  return {
    url: server.url,
    address: getAddress(devnetAccountAbstraction.paymaster),
    policy,
    sponsored: () => sponsorships.map((s) => ({ ...s })),
    stop: server.stop,
  }
}

function rpcError(id: string | number | null, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/** A JSON-RPC 2.0 request envelope (the params are checked by the method). */
function isRequest(call: unknown): call is { id?: string | number | null; method: string; params?: unknown[] } {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return false
  const { jsonrpc, id, method, params } = call as Record<string, unknown>
  return (
    jsonrpc === '2.0' &&
    typeof method === 'string' &&
    (id === undefined || id === null || typeof id === 'string' || typeof id === 'number') &&
    (params === undefined || Array.isArray(params))
  )
}
