// The embedded wallet on a page whose origin the project does not allow, in Chromium with the
// devnet's real auth server and secure frame. The frame server lets any loopback page embed it
// (its frame-ancestors, shared by every project); the auth server's project `narrow` allows
// localhost pages only, so the host page on 127.0.0.1 is off its list and on `test-project`'s.
// The frame learns the page's origin from the browser (its parent's), asks the auth server before
// the first login, and answers `unverified_domain`: the kit raises 'Unverified Domain' once and the
// login fails at once with a typed error, instead of waiting for the 120 s login timeout.
// Every wait is on a page call or a message; nothing sleeps.

import { randomBytes } from 'node:crypto'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { offlineContext, storageContext } from './browser.js'
import { type HostApi, mailedCode, secureFrame, startFrameHost } from './embedded/frameHarness.js'

declare const host: HostApi

const env = startFrameHost({
  authProjects: [
    { id: 'test-project', allowedOrigins: ['http://127.0.0.1:*'] },
    { id: 'narrow', allowedOrigins: ['http://localhost:*', 'https://app.example.com'] },
  ],
})

async function openHost(context: BrowserContext, projectId: string, hostName = '127.0.0.1'): Promise<Page> {
  const page = await context.newPage()
  const query = new URLSearchParams({
    projectId,
    frameUrl: `${env.devnet.auth.frameUrl}/`,
    rpcUrl: env.devnet.evm.rpcUrl,
    solanaRpcUrl: env.devnet.solana.rpcUrl,
    genesisHash: env.devnet.solana.genesisHash,
  })
  await page.goto(`http://${hostName}:${env.port}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')
  return page
}

describe('the embedded wallet checks the page origin against the project', () => {
  let context: BrowserContext
  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
  })
  afterAll(() => context?.close())

  test("hostile: from an origin off the project's allow-list, the login fails at once with UNVERIFIED_DOMAIN and one alert", async () => {
    const page = await openHost(context, 'narrow')
    const email = `foreign-${randomBytes(4).toString('hex')}@example.com`
    const first = await page.evaluate((e) => host.startEmailLogin(e), email)
    expect(first).toEqual({
      ok: false,
      name: 'EmbeddedWalletUnverifiedDomainError',
      message: 'Unverified Domain',
      code: 'UNVERIFIED_DOMAIN',
    })
    // The frame answered with the spec's code (the page heard it; no timeout was waited for).
    const replies = (await page.evaluate(() => host.messages())).filter((m) => m.includes('CONNECT_EMAIL_ERROR'))
    expect(replies).toHaveLength(1)
    expect(JSON.parse(replies[0] ?? '{}').payload).toEqual({ message: 'Unverified domain', code: 'unverified_domain' })
    // A second try fails the same way; the alert is shown once.
    expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toMatchObject({
      ok: false,
      code: 'UNVERIFIED_DOMAIN',
    })
    expect((await page.evaluate(() => host.alerts())).filter((code) => code === 'UNVERIFIED_DOMAIN')).toEqual([
      'UNVERIFIED_DOMAIN',
    ])
    // Nothing reached the mail: the auth server refused before a login started.
    const inbox = await fetch(`${env.devnet.auth.inboxUrl}/messages/latest?to=${encodeURIComponent(email)}`)
    expect(inbox.status).toBe(404)
    await page.close()
  })

  test('behavior: the frame asks about the origin as it loads, so the first login does not wait for that answer', async () => {
    // A context of its own: its login must not put the next test's device under the mail cooldown.
    const { context: own } = await offlineContext(env.browser)
    const asked: string[] = []
    own.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/v1/')) asked.push(path)
    })
    try {
      const page = await openHost(own, 'test-project')
      expect(await page.evaluate(() => host.frameReady())).toMatchObject({ ok: true })
      await expect.poll(() => asked).toContain('/v1/origin')
      // Asked before any login, and only that.
      expect(asked).toEqual(['/v1/origin'])
      const email = `early-${randomBytes(4).toString('hex')}@example.com`
      expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toMatchObject({ ok: true })
      // The login used the answer it already had.
      expect(asked.filter((path) => path === '/v1/origin')).toHaveLength(1)
      expect(asked).toContain('/v1/email/login')
    } finally {
      await own.close()
    }
  })

  test('behavior: for a project that allows the origin, the same page logs in and raises no such alert', async () => {
    const page = await openHost(context, 'test-project')
    const email = `allowed-${randomBytes(4).toString('hex')}@example.com`
    expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toEqual({
      ok: true,
      value: { action: 'VERIFY_OTP' },
    })
    const code = await mailedCode(env.devnet.auth.inboxUrl, email)
    const connected = await page.evaluate((c) => host.verifyEmailOtp(c), code)
    expect(connected).toMatchObject({ ok: true, value: { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) } })
    expect(await page.evaluate(() => host.alerts())).not.toContain('UNVERIFIED_DOMAIN')
    await page.close()
  })
})

describe('third-party storage blocked: the origin check comes before the storage step', () => {
  let strict: Awaited<ReturnType<typeof storageContext>>
  beforeAll(async () => {
    strict = await storageContext('block')
  })
  afterAll(() => strict?.close())

  test('hostile: a page off the allow-list gets UNVERIFIED_DOMAIN at once, without being asked for storage', async () => {
    // The host on `localhost` (a second site beside the frame's 127.0.0.1, so its storage is
    // blocked), which `test-project` does not allow.
    const page = await openHost(strict.context, 'test-project', 'localhost')
    expect(await page.evaluate(() => host.frameReady())).toMatchObject({ ok: true })
    const failed = await page.evaluate(
      (e) => host.startEmailLogin(e),
      `strict-${randomBytes(4).toString('hex')}@example.com`,
    )
    expect(failed).toMatchObject({ ok: false, name: 'EmbeddedWalletUnverifiedDomainError', code: 'UNVERIFIED_DOMAIN' })
    const frame = secureFrame(page, env.devnet.auth.frameUrl)
    expect(await frame.getByRole('heading', { name: 'Let the wallet remember this device' }).count()).toBe(0)
    await page.close()
  })

  test('behavior: a page the project allows passes the check without storage and reaches the storage step', async () => {
    const page = await openHost(strict.context, 'narrow', 'localhost')
    expect(await page.evaluate(() => host.frameReady())).toMatchObject({ ok: true })
    const starting = page.evaluate(
      (e) => host.startEmailLogin(e),
      `strict-${randomBytes(4).toString('hex')}@example.com`,
    )
    starting.catch(() => {})
    const frame = secureFrame(page, env.devnet.auth.frameUrl)
    await frame.getByRole('button', { name: 'Allow access' }).waitFor()
    await frame.getByRole('button', { name: 'Cancel' }).click()
    expect(await starting).toMatchObject({
      ok: false,
      message: 'This browser blocks the wallet’s storage on this site',
    })
    await page.close()
  })
})
