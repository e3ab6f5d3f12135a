// What the secure frame's e2e tests share: the host page of `host.ts` (or another entry) served on
// its own loopback origin, the mailed code, a way to find the frame among a page's frames, and the
// lifecycles of the safety files (startFrameHost) and the smart-account files (startSmartAccountHost).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, type devnetAuthProjects, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
import type { Frame, Page } from 'playwright-core'
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect } from 'vitest'
import { type Browser, launchChromium } from '../browser.js'

const here = dirname(fileURLToPath(import.meta.url))

export type Settled<T> = { ok: true; value: T } | { ok: false; name?: string; message?: string; code?: unknown }

/** The host page's `window.host` (see `host.ts`), as the tests call it through `page.evaluate`. */
export type HostApi = {
  frameReady(): Promise<Settled<{ version?: string }>>
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string; accounts: string[] }>>
  signMessage(message: string, namespace?: 'eip155' | 'solana'): Promise<Settled<string>>
  exportKey(namespace: 'eip155' | 'solana'): Promise<Settled<void>>
  reconnect(): Promise<Settled<{ address: string } | undefined>>
  messages(): string[]
  alerts(): string[]
}

/**
 * Serves the host page (one script bundled from `entry`, `host.ts` by default, against the kit's
 * sources) on 127.0.0.1.
 */
export async function serveHost(entry = 'host.ts'): Promise<Server> {
  const bundle = await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['portico-source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]?.text ?? ''
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script type="module" src="/host.js"></script></head><body><h1>Host page</h1><p id="decoy">Click here to claim your prize</p></body></html>'
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname
    if (path === '/host.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else if (path === '/icon.svg') response.writeHead(404).end()
    else if (path === '/blank')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another page</title>')
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const devnetOptions = { api: false, walletConnect: false } as const

/**
 * What a frame safety test file runs against, started before its tests and stopped after them: the
 * devnet (its auth server and frame; no hosted services, no relay), the host page's server on
 * `port` and Chromium. `authProjects` replaces the auth server's projects (default: any loopback page).
 *
 * @example
 * const env = startFrameHost()
 * test('…', async () => { const { context } = await offlineContext(env.browser) })
 */
export function startFrameHost(options: { authProjects?: typeof devnetAuthProjects } = {}) {
  const env = {} as { devnet: DevnetFor<typeof devnetOptions>; port: number; browser: Browser }
  let server: Server | undefined
  beforeAll(async () => {
    const devnet = startDevnet({
      ...devnetOptions,
      ...(options.authProjects ? { auth: { projects: options.authProjects } } : {}),
    })
    ;[env.devnet, server, env.browser] = await Promise.all([devnet, serveHost(), launchChromium()])
    env.port = (server.address() as AddressInfo).port
    await env.devnet.auth.ready()
  }, 120_000)
  afterAll(async () => {
    await Promise.allSettled([env.browser?.close(), new Promise((resolve) => server?.close(resolve))])
    await env.devnet?.stop()
  })
  return env
}

/** The smart-account files' frame wait for a receipt (its server's `receiptTimeoutMs`). */
const smartAccountReceiptTimeoutMs = 10_000

/**
 * What the embedded smart-account e2e files run against, started before their tests and stopped
 * after them: the devnet with its bundler (Alto, waited for) and paymaster, the host page of
 * `smartAccountHost.ts` at `hostOrigin`, and Chromium; with the chain reads and the funding they share.
 *
 * @example
 * const env = startSmartAccountHost()
 * test('…', async () => { await env.fund(address, parseEther('1')); expect(await env.balance(address)).toBe(…) })
 */
export function startSmartAccountHost() {
  const env = {} as { devnet: DevnetFor<typeof devnetOptions>; hostOrigin: string; browser: Browser }
  let server: Server | undefined
  beforeAll(async () => {
    ;[env.devnet, server, env.browser] = await Promise.all([
      // The frame gives up on a receipt after 10 s, not its default 60: the test of a receipt that
      // never comes waits for that, and every other operation here is included within a few seconds
      // (3.4 s at most beside two busy processes on a 2-core machine).
      startDevnet({ ...devnetOptions, auth: { receiptTimeoutMs: smartAccountReceiptTimeoutMs } }),
      serveHost('smartAccountHost.ts'),
      launchChromium(),
    ])
    env.hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await Promise.all([env.devnet.auth.ready(), env.devnet.aa.bundler.ready()])
  }, 180_000)
  afterAll(async () => {
    await Promise.allSettled([env.browser?.close(), new Promise((resolve) => server?.close(resolve))])
    await env.devnet?.stop()
  })
  const chain = (): PublicClient<Transport, Chain> =>
    createPublicClient({ chain: foundry, transport: http(env.devnet.evm.rpcUrl) })
  return Object.assign(env, {
    chain,
    balance: (address: string) => chain().getBalance({ address: address as Hex }),
    /** Sends `value` wei to `to` from a devnet account, mined before it returns. */
    async fund(to: string, value: bigint) {
      const wallet = createWalletClient({
        account: privateKeyToAccount(env.devnet.evm.accounts[3].privateKey as Hex),
        chain: foundry,
        transport: http(env.devnet.evm.rpcUrl),
      })
      await chain().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: to as Hex, value }) })
    },
    /** The secure frame among `page`'s frames (on this devnet's frame origin). */
    secureFrame: (page: Page): Frame => secureFrame(page, env.devnet.auth.frameUrl),
  })
}

/** The host page's `window.host.request` (an EIP-1193 request through the kit), as the helpers below call it. */
type RequestingHost = { request(method: string, params: unknown): Promise<Settled<unknown>> }

/**
 * Asks the host page for an atomic, sponsored `wallet_sendCalls` batch of two transfers from `from`
 * (0.1 and 0.2 ETH to two fresh addresses). The prompt is up when the frame shows it; approve it,
 * then `await sending`.
 */
export function sendTwoTransfers(page: Page, from: string) {
  const [alice, bob] = [freshAddress(), freshAddress()]
  const sending = page.evaluate(
    ([a, b, sender]) =>
      (globalThis as unknown as { host: RequestingHost }).host.request('wallet_sendCalls', [
        {
          version: '2.0.0',
          from: sender,
          chainId: '0x7a69',
          atomicRequired: true,
          calls: [
            { to: a, value: '0x16345785d8a0000' },
            { to: b, value: '0x2c68af0bb140000' },
          ],
        },
      ]),
    [alice, bob, from] as const,
  )
  return { alice, bob, sending }
}

/** Polls `wallet_getCallsStatus` for the batch `id` until it is confirmed (200), and returns that status. */
export async function callsStatusWhenDone(page: Page, id: string) {
  type CallsStatus = { status: number; atomic: boolean; receipts?: { transactionHash: Hex }[] }
  let status: CallsStatus | undefined
  await expect
    .poll(
      async () => {
        status = settledValue(
          await page.evaluate(
            (i) => (globalThis as unknown as { host: RequestingHost }).host.request('wallet_getCallsStatus', [i]),
            id,
          ),
        ) as CallsStatus
        return status.status
      },
      { timeout: 30_000 },
    )
    .toBe(200)
  return status as CallsStatus
}

/**
 * Waits until the frame's prompt counts clicks (fully in view for the approval delay, the kit having
 * laid the frame over the page): a click before that lands where the frame was, or is not counted.
 */
export async function armedPrompt(frame: Frame, title: string | RegExp) {
  await frame.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 })
  await expect.poll(() => frame.getByRole('dialog').getAttribute('data-state'), { timeout: 30_000 }).toBe('armed')
}

/** A new address nobody holds a key to here: a receiver with nothing yet. */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** The value of a host call that settled, or a thrown error naming how it failed. */
export function settledValue<T>(settled: Settled<T>): T {
  if (!settled.ok) throw new Error(`${settled.name}: ${settled.message}`)
  return settled.value
}

/** The secure frame among `page`'s frames (the one loaded from `frameUrl`). */
export function secureFrame(page: Page, frameUrl: string): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(frameUrl))
  if (!frame) throw new Error('no secure frame')
  return frame
}

/** The code mailed to `email` (the devnet inbox answers once the mail arrived). */
export async function mailedCode(inboxUrl: string, email: string): Promise<string> {
  const response = await fetch(`${inboxUrl}/messages/latest?to=${encodeURIComponent(email)}&wait=10000`)
  return ((await response.json()) as { code: string }).code
}

/**
 * Records, inside the secure frame's document, every state its prompt card goes through
 * (`data-state`: hidden, arming, armed) with the frame's own clock, so a test can check the order
 * and spacing of the transitions without waiting for a duration itself.
 *
 * Each transition is stamped with the clock reading the frame took when it decided that state (the
 * last `performance.now()` before the change), not the time this recorder's observer ran: on a busy
 * machine the observer can run milliseconds later, which made an 'arming' look later than it was
 * and its delay shorter than the frame kept it.
 */
export function recordPromptStates(frame: Frame): Promise<void> {
  return frame.evaluate(() => {
    const seen: { state: string; at: number }[] = []
    const frameWindow = window as unknown as { __promptStates: typeof seen; __lastClock?: () => number }
    frameWindow.__promptStates = seen
    if (!frameWindow.__lastClock) {
      // Reads pass through unchanged; only the latest reading is kept.
      const now = performance.now.bind(performance)
      let last = now()
      performance.now = () => {
        last = now()
        return last
      }
      frameWindow.__lastClock = () => last
    }
    const lastClock = frameWindow.__lastClock
    const record = () => {
      const state = document.querySelector<HTMLElement>('[role="dialog"]')?.dataset.state
      if (state && seen.at(-1)?.state !== state) seen.push({ state, at: lastClock() })
    }
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    })
    record()
  })
}

/** The transitions {@link recordPromptStates} saw so far (and forgets them). */
export function takePromptStates(frame: Frame): Promise<{ state: string; at: number }[]> {
  return frame.evaluate(() => {
    const seen = (window as unknown as { __promptStates: { state: string; at: number }[] }).__promptStates
    return seen.splice(0, seen.length)
  })
}
