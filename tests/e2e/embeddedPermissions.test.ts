// Permission grants (ERC-7715 style) in the embedded wallet, end to end in Chromium: the grant is
// approved in the secure frame's own document, sends within it go through with no prompt and show on
// anvil, anything outside it (over the allowance, expired, revoked, forged, another origin) prompts.

import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Browser, type BrowserContext, clickUntil, launchChromium, offlineContext } from './browser.js'

type Settled<T> = { ok: true; value: T } | { ok: false; name?: string; message?: string; code?: unknown }
type HostApi = {
  frameReady(): Promise<Settled<{ version?: string }>>
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  waitForDeviceApproval(): Promise<Settled<void>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string; accounts: string[] }>>
  signMessage(message: string, namespace?: 'eip155' | 'solana'): Promise<Settled<string>>
  accounts(): { eip155?: string; solana?: string }
  sendTransaction(to: string, value: string): Promise<Settled<`0x${string}`>>
  request(method: string, params: unknown, namespace?: 'eip155' | 'solana'): Promise<Settled<unknown>>
  abortRpc(): void
  disconnect(): Promise<Settled<void>>
  reconnect(): Promise<Settled<{ address: string } | undefined>>
  exportKey(namespace: 'eip155' | 'solana'): Promise<Settled<void>>
  sendSol(amount: string, receiver: string): Promise<Settled<string>>
  syncTheme(theme: { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string | number> }): void
  messages(): string[]
  connection(): { status: string; connectorId?: string; address?: string }
  storedKeys(): string[]
  grantPermissions(parameters: {
    expiry: number
    permissions: { type: string; data: object }[]
  }): Promise<Settled<{ context: string; source: string; expiry: number; permissions: unknown[] }>>
  getPermissions(): Promise<Settled<{ context: string; source: string }[]>>
  revokePermissions(parameters: { context: string; source?: string }): Promise<Settled<{ context: string }>>
  sendCalls(to: string, value: string, context?: string): Promise<Settled<{ id: string }>>
}
declare const host: HostApi

const here = dirname(fileURLToPath(import.meta.url))
// The auth server's clock, moved forward past its 30 s per-address mail cooldown instead of waiting.
let clockOffset = 0
const devnetOptions = { api: false, walletConnect: false, auth: { now: () => Date.now() + clockOffset } } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let otherServer: Server
let otherOrigin: string
let hostOrigin: string
let browser: Browser

/** The host page: one script bundled from `embedded/host.ts` against the kit's sources. */
async function serveHost(): Promise<Server> {
  const bundle = await build({
    entryPoints: [join(here, 'embedded/host.ts')],
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
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script type="module" src="/host.js"></script></head><body><h1>Host page</h1></body></html>'
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname
    if (path === '/host.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else if (path === '/icon.svg')
      response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#0a0"/></svg>',
        )
    else if (path === '/other')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>')
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return http
}

beforeAll(async () => {
  ;[devnet, server, otherServer, browser] = await Promise.all([
    startDevnet(devnetOptions),
    serveHost(),
    serveHost(),
    launchChromium(),
  ])
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  otherOrigin = `http://127.0.0.1:${(otherServer.address() as AddressInfo).port}`
  await devnet.auth.ready()
})
afterAll(async () => {
  await Promise.allSettled([
    browser?.close(),
    new Promise((resolve) => server?.close(resolve)),
    new Promise((resolve) => otherServer?.close(resolve)),
  ])
  await devnet?.stop()
})

async function openHost(context: BrowserContext, origin = hostOrigin, extra: Record<string, string> = {}) {
  const page = await context.newPage()
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  const query = new URLSearchParams({
    frameUrl: `${devnet.auth.frameUrl}/`,
    rpcUrl: devnet.evm.rpcUrl,
    solanaRpcUrl: devnet.solana.rpcUrl,
    genesisHash: devnet.solana.genesisHash,
    ...extra,
  })
  await page.goto(`${origin}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')
  return { page, consoleLines }
}

function secureFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(devnet.auth.frameUrl))
  if (!frame) throw new Error('no secure frame')
  return frame
}

async function code(email: string): Promise<string> {
  const mail = (await (
    await fetch(`${devnet.auth.inboxUrl}/messages/latest?to=${encodeURIComponent(email)}&wait=10000`)
  ).json()) as { code: string }
  return mail.code
}

async function login(page: Page, email: string) {
  const started = await page.evaluate((e) => host.startEmailLogin(e), email)
  expect(started).toMatchObject({ ok: true })
  const otp = await code(email)
  const connected = await page.evaluate((c) => host.verifyEmailOtp(c), otp)
  if (!connected.ok) throw new Error(`login failed: ${connected.message}`)
  return connected.value.address as `0x${string}`
}

const chainHex = '0x7a69'
const nowSeconds = () => Math.floor(Date.now() / 1000)

const publicClient = () => createPublicClient({ transport: http(devnet.evm.rpcUrl) })

/** Sends 1 ETH from a devnet account to `address` and waits for it to land. */
async function fundOneEther(address: `0x${string}`) {
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.evm.accounts[0].privateKey),
    transport: http(devnet.evm.rpcUrl),
  })
  await publicClient().waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null }),
  })
}

describe('embedded wallet permission grants', () => {
  let context: BrowserContext
  let page: Page
  let address: `0x${string}`
  let grantContext: string
  const email = `grant-${randomBytes(4).toString('hex')}@example.com`
  const to = () => devnet.evm.accounts[2].address
  const balanceOfTo = () => publicClient().getBalance({ address: to() })

  function sendCalls(target: Page, value: bigint, permissionsContext?: string, optional?: boolean) {
    return target.evaluate(([params]) => host.request('wallet_sendCalls', [params]), [
      {
        version: '2.0.0',
        chainId: chainHex,
        from: address,
        atomicRequired: false,
        calls: [{ to: to(), value: `0x${value.toString(16)}` }],
        ...(permissionsContext
          ? {
              capabilities: {
                permissions: { context: permissionsContext, ...(optional === undefined ? {} : { optional }) },
              },
            }
          : {}),
      },
    ] as const)
  }

  function grant(target: Page, expiry: number, allowance: bigint) {
    return target.evaluate(([params]) => host.request('wallet_grantPermissions', [params]), [
      {
        chainId: chainHex,
        address,
        expiry,
        signer: { type: 'account', data: { id: address } },
        permissions: [
          {
            type: 'native-token-recurring-allowance',
            data: { allowance: `0x${allowance.toString(16)}`, period: 86400 },
          },
        ],
      },
    ] as const)
  }

  /** Whether `pending` has settled yet (the frame answered). */
  function settled(pending: Promise<unknown>) {
    let done = false
    pending.then(
      () => {
        done = true
      },
      () => {
        done = true
      },
    )
    return () => done
  }

  /** Clicks `name` in the frame's prompt until the request it answers settles, then returns its answer. */
  async function answer<T>(target: Page, pending: Promise<T>, name: 'Approve' | 'Reject'): Promise<T> {
    await clickUntil(secureFrame(target).getByRole('button', { name }), settled(pending))
    return pending
  }

  /** Waits for the frame's prompt naming `reason` as the reason the grant was not used, then rejects it. */
  async function expectPromptThenReject(target: Page, pending: Promise<unknown>, reason: string) {
    const frame = secureFrame(target)
    await frame.getByRole('button', { name: 'Reject' }).waitFor()
    expect(await frame.getByText(reason, { exact: true }).count()).toBe(1)
    expect(await answer(target, pending, 'Reject')).toMatchObject({ ok: false, code: 4001 })
  }

  beforeAll(async () => {
    ;({ context } = await offlineContext(browser))
    ;({ page } = await openHost(context))
    address = await login(page, email)
    await fundOneEther(address)
  })
  afterAll(() => context?.close())

  test('default: wallet_getCapabilities advertises the permissions capability', async () => {
    const capabilities = await page.evaluate((a) => host.request('wallet_getCapabilities', [a]), address)
    expect(capabilities).toMatchObject({
      ok: true,
      value: {
        [chainHex]: { permissions: { supported: true, permissionTypes: expect.arrayContaining(['contract-call']) } },
      },
    })
  })

  test('behavior: a grant rejected in the frame answers 4001; an approved one spells out who, what and until when', async () => {
    const expiry = nowSeconds() + 3600
    const rejected = grant(page, expiry, 1000n)
    await expectPromptThenReject(page, rejected, `${address}`)

    const granting = grant(page, expiry, 1000n)
    const frame = secureFrame(page)
    await frame.getByRole('heading', { name: 'Grant permissions' }).waitFor()
    expect(await frame.getByText('up to 1000 wei every 1 day(s)').count()).toBe(1)
    expect(await frame.getByText(hostOrigin, { exact: false }).count()).toBeGreaterThan(0)
    expect(await frame.getByText(new Date(expiry * 1000).toISOString()).count()).toBe(1)
    const granted = await answer(page, granting, 'Approve')
    if (!granted.ok) throw new Error(granted.message)
    const response = granted.value as { permissionsContext: string; expiry: number; grantedPermissions: unknown[] }
    expect(response.permissionsContext).toMatch(/^0x[0-9a-f]{64}$/)
    expect(response.expiry).toBe(expiry)
    expect(response.grantedPermissions).toHaveLength(1)
    grantContext = response.permissionsContext
  })

  test('behavior: two sends within the allowance go through with no prompt; the third, over it, prompts', async () => {
    const before = await balanceOfTo()
    for (const n of [1n, 2n]) {
      const sent = await sendCalls(page, 400n, grantContext)
      if (!sent.ok) throw new Error(JSON.stringify(sent))
      await expect.poll(balanceOfTo).toBe(before + 400n * n)
    }
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
    await expectPromptThenReject(page, sendCalls(page, 400n, grantContext), 'over the allowance')
    expect(await balanceOfTo()).toBe(before + 800n)
    // What is left (200 wei) still goes through without a prompt.
    expect(await sendCalls(page, 200n, grantContext)).toMatchObject({ ok: true })
    await expect.poll(balanceOfTo).toBe(before + 1000n)
  })

  test('behavior: a context forged by the host page is not honoured (prompt, or 4100 when insisted on)', async () => {
    const forged = `0x${randomBytes(32).toString('hex')}`
    await expectPromptThenReject(page, sendCalls(page, 1n, forged), 'unknown permission')
    const insisted = await sendCalls(page, 1n, forged, false)
    expect(insisted).toMatchObject({ ok: false, code: 4100 })
    expect(await secureFrame(page).getByRole('button', { name: 'Approve' }).count()).toBe(0)
  })

  test('behavior: an expired grant prompts', async () => {
    // A short expiry, then a wait for the clock to pass it (a condition, not a fixed sleep).
    const expiry = nowSeconds() + 3
    const granting = grant(page, expiry, 1000n)
    const granted = await answer(page, granting, 'Approve')
    if (!granted.ok) throw new Error(granted.message)
    const short = (granted.value as { permissionsContext: string }).permissionsContext
    await expect.poll(nowSeconds, { timeout: 10_000, interval: 250 }).toBeGreaterThanOrEqual(expiry + 1)
    await expectPromptThenReject(page, sendCalls(page, 1n, short), 'expired')
  })

  test('behavior: another origin cannot use the grant', async () => {
    const granting = grant(page, nowSeconds() + 3600, 1000n)
    const granted = await answer(page, granting, 'Approve')
    if (!granted.ok) throw new Error(granted.message)
    const fresh = (granted.value as { permissionsContext: string }).permissionsContext
    // The same user on another site (same browser, so the same frame storage).
    const { page: other } = await openHost(context, otherOrigin)
    // The auth server's 30 s mail cooldown for this address, passed by moving its clock.
    clockOffset += 31_000
    try {
      expect(await login(other, email)).toBe(address)
    } finally {
      clockOffset -= 31_000
    }
    const before = await balanceOfTo()
    await expectPromptThenReject(other, sendCalls(other, 1n, fresh), 'granted to another origin')
    // Nor can it revoke it.
    expect(
      await other.evaluate((c) => host.request('wallet_revokePermissions', [{ permissionsContext: c }]), fresh),
    ).toMatchObject({ ok: false })
    expect(await balanceOfTo()).toBe(before)
    // The grant still works on its own origin.
    expect(await sendCalls(page, 1n, fresh)).toMatchObject({ ok: true })
    await expect.poll(balanceOfTo).toBe(before + 1n)
    await other.close()
  })

  test('behavior: revoke needs no prompt; a revoked grant prompts', async () => {
    const revoked = await page.evaluate(
      (c) => host.request('wallet_revokePermissions', [{ permissionsContext: c }]),
      grantContext,
    )
    expect(revoked).toEqual({ ok: true, value: {} })
    await expectPromptThenReject(page, sendCalls(page, 1n, grantContext), 'unknown permission')
  })
})

// The kit's permissions feature (`@portico/headless/permissions`, smartSessions on) over the same
// frame: granted through the connector, listed, spent within the limit with no prompt (on anvil),
// prompted beyond it, revoked, prompted after.
describe('the kit permissions feature through the embedded wallet', () => {
  let context: BrowserContext
  let page: Page
  let address: `0x${string}`
  const email = `kit-grant-${randomBytes(4).toString('hex')}@example.com`
  const to = () => devnet.evm.accounts[3].address
  const balanceOfTo = () => publicClient().getBalance({ address: to() })
  const approve = () => secureFrame(page).getByRole('button', { name: 'Approve' })

  /** Whether `pending` has settled yet (the frame answered). */
  function settled(pending: Promise<unknown>) {
    let done = false
    pending.then(
      () => {
        done = true
      },
      () => {
        done = true
      },
    )
    return () => done
  }

  /** Waits for the frame's prompt naming `reason` as why the grant was not used, then rejects it. */
  async function promptedThenReject(pending: Promise<unknown>, reason: string) {
    const frame = secureFrame(page)
    await frame.getByRole('button', { name: 'Reject' }).waitFor()
    expect(await frame.getByText(reason, { exact: true }).count()).toBe(1)
    await clickUntil(frame.getByRole('button', { name: 'Reject' }), settled(pending))
    // The embedded wallet's refusal keeps its own error type, with EIP-1193's user-rejection code.
    expect(await pending).toMatchObject({ ok: false, code: 4001 })
  }

  beforeAll(async () => {
    ;({ context } = await offlineContext(browser))
    ;({ page } = await openHost(context, hostOrigin, { smartSessions: 'on' }))
    address = await login(page, email)
    await fundOneEther(address)
  })
  afterAll(() => context?.close())

  test('grant, a send within it with no prompt (on anvil), beyond it prompts, revoke, prompts after', async () => {
    const expiry = nowSeconds() + 3600
    const granting = page.evaluate(
      (e) =>
        host.grantPermissions({
          expiry: e,
          permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } }],
        }),
      expiry,
    )
    await secureFrame(page).getByRole('heading', { name: 'Grant permissions' }).waitFor()
    expect(await secureFrame(page).getByText('up to 1000 wei every 1 day(s)').count()).toBe(1)
    await clickUntil(approve(), settled(granting))
    const granted = await granting
    if (!granted.ok) throw new Error(granted.message)
    const grant = granted.value
    expect(grant).toMatchObject({ source: 'wallet', expiry })
    expect(grant.context).toMatch(/^0x[0-9a-f]{64}$/)

    // Listed by the kit (the frame's wallet_getGrantedExecutionPermissions).
    expect(await page.evaluate(() => host.getPermissions())).toEqual({
      ok: true,
      value: [expect.objectContaining({ context: grant.context, source: 'wallet', address })],
    })

    // Within the allowance: no prompt, and the transfer is on anvil.
    const before = await balanceOfTo()
    const within = await page.evaluate(([t, c]) => host.sendCalls(t, '600', c), [to(), grant.context] as const)
    expect(within).toMatchObject({ ok: true })
    await expect.poll(balanceOfTo).toBe(before + 600n)
    expect(await approve().count()).toBe(0)

    // Beyond it (600 + 600 > 1000): the frame prompts, naming why.
    await promptedThenReject(
      page.evaluate(([t, c]) => host.sendCalls(t, '600', c), [to(), grant.context] as const),
      'over the allowance',
    )
    expect(await balanceOfTo()).toBe(before + 600n)

    // Revoked through the kit (no prompt): gone from the list, and a send naming it prompts.
    expect(await page.evaluate((c) => host.revokePermissions({ context: c }), grant.context)).toEqual({
      ok: true,
      value: { context: grant.context },
    })
    expect(await page.evaluate(() => host.getPermissions())).toEqual({ ok: true, value: [] })
    await promptedThenReject(
      page.evaluate(([t, c]) => host.sendCalls(t, '1', c), [to(), grant.context] as const),
      'unknown permission',
    )
    expect(await balanceOfTo()).toBe(before + 600n)
  })
})
