// Update email end to end in Chromium: a host page on one loopback origin, the secure frame on
// another (devnet). Log in with the code from the devnet inbox, then change the email with the
// primary code (mailed to the current address) and the secondary code (mailed to the new one).

import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DevnetFor, startDevnet } from '@portico/devnet'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Browser, type BrowserContext, launchChromium, offlineContext } from './browser.js'

type Settled<T> = { ok: true; value: T } | { ok: false; name?: string; message?: string }
type HostApi = {
  startEmailLogin(email: string): Promise<Settled<{ action: string }>>
  verifyEmailOtp(otp: string): Promise<Settled<{ address: string }>>
  updateEmail(email: string): Promise<Settled<{ action: string }>>
  primaryOtp(otp: string): Promise<Settled<void>>
  secondaryOtp(otp: string): Promise<Settled<{ email: string }>>
  user(): Promise<Settled<{ email?: string }>>
  cachedEmail(): string | undefined
}
declare const host: HostApi

const here = dirname(fileURLToPath(import.meta.url))
// The auth server's clock, moved past its 30 s per-address mail cooldown instead of waiting.
let clockOffset = 0
const devnetOptions = { api: false, walletConnect: false, auth: { now: () => Date.now() + clockOffset } } as const
let devnet: DevnetFor<typeof devnetOptions>
let server: Server
let hostOrigin: string
let browser: Browser

async function serveHost(): Promise<Server> {
  const bundle = await build({
    entryPoints: [join(here, 'embedded/updateEmailHost.ts')],
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
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script type="module" src="/host.js"></script></head><body></body></html>'
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname
    if (path === '/host.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return http
}

/** The newest mail to `email` after mail `after` (the inbox waits for it). */
async function mail(email: string, after?: string): Promise<{ id: string; code: string }> {
  const query = new URLSearchParams({ to: email, wait: '10000', ...(after ? { after } : {}) })
  const response = await fetch(`${devnet.auth.inboxUrl}/messages/latest?${query}`)
  if (!response.ok) throw new Error(`no mail to ${email}: ${response.status}`)
  return (await response.json()) as { id: string; code: string }
}

beforeAll(async () => {
  ;[devnet, server, browser] = await Promise.all([startDevnet(devnetOptions), serveHost(), launchChromium()])
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await devnet.auth.ready()
})
afterAll(async () => {
  await Promise.allSettled([browser?.close(), new Promise((resolve) => server?.close(resolve))])
  await devnet?.stop()
})

describe('update email', () => {
  let context: BrowserContext
  let page: Page
  const email = `ada-${randomBytes(4).toString('hex')}@example.com`
  const newEmail = `lovelace-${randomBytes(4).toString('hex')}@example.com`

  beforeAll(async () => {
    ;({ context } = await offlineContext(browser))
    page = await context.newPage()
    const query = new URLSearchParams({ frameUrl: `${devnet.auth.frameUrl}/`, rpcUrl: devnet.evm.rpcUrl })
    await page.goto(`${hostOrigin}/?${query}`)
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' })
  })
  afterAll(() => context?.close())

  test('error: before login the spec’s "Not connected to email or social"', async () => {
    const result = await page.evaluate((e) => host.updateEmail(e), newEmail)
    expect(result).toMatchObject({
      ok: false,
      name: 'NotConnectedToEmailError',
      message: 'Not connected to email or social',
    })
  })

  test('behavior: primary code to the current address, secondary code to the new one, then the user has the new email', async () => {
    expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toEqual({
      ok: true,
      value: { action: 'VERIFY_OTP' },
    })
    const login = await mail(email)
    const connected = await page.evaluate((c) => host.verifyEmailOtp(c), login.code)
    expect(connected.ok).toBe(true)

    const invalid = await page.evaluate(() => host.updateEmail('not an email'))
    expect(invalid).toMatchObject({ ok: false, name: 'InvalidLoginInputError' })

    clockOffset += 31_000
    const started = await page.evaluate((e) => host.updateEmail(e), newEmail)
    expect(started).toEqual({ ok: true, value: { action: 'VERIFY_PRIMARY_OTP' } })
    const primary = await mail(email, login.id)
    expect(await page.evaluate((c) => host.primaryOtp(c), primary.code)).toMatchObject({ ok: true })
    const secondary = await mail(newEmail)
    const done = await page.evaluate((c) => host.secondaryOtp(c), secondary.code)
    expect(done).toEqual({ ok: true, value: { email: newEmail } })
    expect(await page.evaluate(() => host.user())).toMatchObject({ ok: true, value: { email: newEmail } })
    expect(await page.evaluate(() => host.cachedEmail())).toBe(newEmail)
  })
})
