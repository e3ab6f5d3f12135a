// The secure frame on a hostile or merely strict page, in Chromium across loopback origins:
// - an approval counts only while the frame is visibly on top (IntersectionObserver v2 inside the
//   frame's document, and a delay after it became visible); made transparent or covered by the
//   host, a click on Approve signs nothing and the frame says why;
// - without IntersectionObserver v2 (Firefox, Safari) the approval moves to a window of the
//   wallet's own origin, which the page cannot hide;
// - with third-party storage blocked (the browser's "block third-party cookies" setting, as in
//   private windows, Brave or Safari), login asks inside the frame for storage access and, where the
//   browser refuses, carries on for this visit only: the code from the mail logs in and the wallet signs.
// Every wait is on an element, an attribute or a message; nothing sleeps.

import { randomBytes } from 'node:crypto'
import { approvalDelayMs } from '@portico/secure/protocol'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, onTestFailed, onTestFinished, test } from 'vitest'
import { clickUntil, offlineContext, storageContext } from './browser.js'
import {
  type HostApi,
  mailedCode,
  recordPromptStates,
  secureFrame,
  startFrameHost,
  takePromptStates,
} from './embedded/frameHarness.js'

declare const host: HostApi

const env = startFrameHost()

/** Opens the host page on `hostName` (127.0.0.1 is the frame's own site; `localhost` is another site). */
async function openHost(context: BrowserContext, hostName = '127.0.0.1') {
  const page = await context.newPage()
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  const query = new URLSearchParams({
    frameUrl: `${env.devnet.auth.frameUrl}/`,
    rpcUrl: env.devnet.evm.rpcUrl,
    solanaRpcUrl: env.devnet.solana.rpcUrl,
    genesisHash: env.devnet.solana.genesisHash,
  })
  await page.goto(`http://${hostName}:${env.port}/?${query}`)
  await page.waitForSelector('body[data-ready="true"]')
  return { page, consoleLines }
}

const frameOf = (page: Page) => secureFrame(page, env.devnet.auth.frameUrl)
const prompt = (frame: Frame) => frame.getByRole('dialog')

async function login(page: Page, email: string): Promise<`0x${string}`> {
  expect(await page.evaluate((e) => host.startEmailLogin(e), email)).toEqual({
    ok: true,
    value: { action: 'VERIFY_OTP' },
  })
  const connected = await page.evaluate(
    (c) => host.verifyEmailOtp(c),
    await mailedCode(env.devnet.auth.inboxUrl, email),
  )
  if (!connected.ok) throw new Error(`login failed: ${connected.message}`)
  return connected.value.address as `0x${string}`
}

/** Tracks whether a host call settled, so a test can check it is still waiting for the user. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false }
  promise.then(
    () => {
      state.settled = true
    },
    () => {
      state.settled = true
    },
  )
  return Object.assign(promise, { state })
}

describe('an approval counts only while the frame is visibly on top', () => {
  let context: BrowserContext
  let page: Page
  let consoleLines: string[]
  let address: `0x${string}`

  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
    ;({ page, consoleLines } = await openHost(context))
    address = await login(page, `visible-${randomBytes(4).toString('hex')}@example.com`)
  })
  afterAll(() => context?.close())

  /**
   * A test that fails midway must not leave the next one a covered frame or an open prompt: the
   * tests of this block share one page.
   */
  function cleanUpAfter(frame: Frame) {
    onTestFailed(async () => {
      await removeHostile()
      const open = prompt(frame).getByRole('button', { name: /^(Reject|Cancel)$/ })
      if (await open.isVisible()) await open.click()
    })
  }

  /** Starts a signature request and waits for its prompt to be armed (visible for the delay). */
  async function armedPrompt(message: string) {
    const signing = track(page.evaluate((m) => host.signMessage(m), message))
    const frame = frameOf(page)
    cleanUpAfter(frame)
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('armed')
    return { signing, frame }
  }

  /** A hostile element of the host page over the frame's box (`part` of its height from the top). */
  const cover = (options: { part?: number; passThrough?: boolean } = {}) =>
    page.evaluate(
      async ({ part, passThrough }) => {
        const frame = document.querySelector('iframe[data-portico-secure-frame]') as HTMLIFrameElement
        const box = frame.getBoundingClientRect()
        const element = document.createElement('div')
        element.className = 'hostile'
        element.textContent = 'Click anywhere to claim your prize'
        element.style.cssText = `position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height * part}px;z-index:2147483647;background:#fff;${passThrough ? 'pointer-events:none' : ''}`
        document.body.append(element)
      },
      { part: options.part ?? 1, passThrough: options.passThrough ?? false },
    )
  const removeHostile = () =>
    page.evaluate(() => {
      for (const element of document.querySelectorAll('.hostile')) element.remove()
    })

  test('hostile page: it embeds the frame itself, transparent (opacity 0), and asks for a signature; a click on Approve signs nothing', async () => {
    // Another page of an allowed origin, without the kit: it speaks the frame protocol itself. The
    // frame is signed in already (the same browser logged in above), so it only needs a click.
    const hostile = await context.newPage()
    await hostile.goto(`http://127.0.0.1:${env.port}/blank`)
    const frameUrl = new URL(`${env.devnet.auth.frameUrl}/`)
    for (const [key, value] of Object.entries({ projectId: 'test-project', chainId: '31337', version: '1' }))
      frameUrl.searchParams.set(key, value)
    frameUrl.searchParams.set('rpcUrl', env.devnet.evm.rpcUrl)
    await hostile.evaluate(
      ([src, origin, account]) => {
        const iframe = document.createElement('iframe')
        iframe.src = src as string
        iframe.style.cssText = 'position:fixed;top:0;left:0;width:360px;height:480px;border:0;opacity:0'
        const replies: unknown[] = []
        Object.assign(window, { replies, iframe })
        const ask = (id: string, type: string, payload?: unknown) =>
          iframe.contentWindow?.postMessage({ id, type: `@portico-app/${type}`, payload }, origin as string)
        window.addEventListener('message', (event) => {
          if (event.origin !== origin) return
          replies.push(event.data)
          if (event.data?.type === '@portico-frame/READY') ask('u', 'GET_USER')
          if (event.data?.type === '@portico-frame/GET_USER_SUCCESS')
            ask('s', 'RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', account] })
        })
        document.body.append(iframe)
      },
      [frameUrl.href, frameUrl.origin, address],
    )
    const frame = hostile.frameLocator('iframe')
    const card = frame.getByRole('dialog')
    await card.getByRole('button', { name: 'Approve' }).waitFor()
    // The frame sees that it cannot be seen.
    await expect.poll(() => card.getAttribute('data-state')).toBe('hidden')
    const hiddenAlert = card.getByRole('alert').filter({ hasText: 'This approval was hidden by the page' })
    await clickUntil(card.getByRole('button', { name: 'Approve' }), () => hiddenAlert.isVisible(), { force: true })
    const replies = () =>
      hostile.evaluate(() => (window as unknown as { replies: { type: string }[] }).replies.map((r) => r.type))
    expect(await replies()).not.toContain('@portico-frame/RPC_REQUEST_SUCCESS')
    await expect
      .poll(() =>
        hostile.evaluate(() =>
          (window as unknown as { replies: { type: string; payload?: { hidden?: boolean } }[] }).replies.some(
            (r) => r.type === '@portico-frame/VISIBILITY' && r.payload?.hidden === true,
          ),
        ),
      )
      .toBe(true)
    // The page is told (VISIBILITY with `hidden`), and the request is still pending. Shown, the
    // prompt arms again; the user rejects.
    await hostile.evaluate(() => {
      ;(window as unknown as { iframe: HTMLIFrameElement }).iframe.style.opacity = '1'
    })
    await expect.poll(() => card.getAttribute('data-state')).toBe('armed')
    await card.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(replies).toContain('@portico-frame/RPC_REQUEST_ERROR')
    expect(await replies()).not.toContain('@portico-frame/RPC_REQUEST_SUCCESS')
    await hostile.close()
  })

  test('hostile host: an element laid over the frame (clicks pass through it) voids the click on Approve', async () => {
    const { signing, frame } = await armedPrompt('signed under a decoy?')
    // Right after the page covered it (before any visibility report could arrive), the click lands on Approve.
    await cover({ passThrough: true })
    await frame.getByRole('button', { name: 'Approve' }).click({ force: true })
    await frame.getByRole('alert').filter({ hasText: 'This approval was hidden by the page' }).waitFor()
    expect(signing.state.settled).toBe(false)
    // The kit hears of it too and says so in the console (a developer's CSS may be the cause).
    await expect.poll(() => consoleLines.some((l) => l.includes('the page hid or covered it'))).toBe(true)
    await removeHostile()
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('hostile host: an element over the request’s details, Approve left clear, voids the click', async () => {
    const { signing, frame } = await armedPrompt('what you cannot read')
    await cover({ part: 0.5 })
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('hidden')
    await frame.getByRole('button', { name: 'Approve' }).click({ force: true })
    await frame.getByRole('alert').filter({ hasText: 'This approval was hidden by the page' }).waitFor()
    await removeHostile()
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('behavior: a page that keeps the frame covered still lets the user approve, in the wallet’s window', async () => {
    const { signing, frame } = await armedPrompt('approved around the cover')
    await cover({ part: 0.5 })
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('hidden')
    await frame.getByRole('button', { name: 'Approve' }).click({ force: true })
    await frame.getByRole('alert').filter({ hasText: 'This approval was hidden by the page' }).waitFor()
    expect(signing.state.settled).toBe(false)
    // After a refused click the frame offers its window, which the page cannot cover.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      frame.getByRole('button', { name: 'Review in a secure window' }).click(),
    ])
    await popup.getByText('approved around the cover').waitFor()
    await popup.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(
      await verifyMessage({ address, message: 'approved around the cover', signature: signed.value as `0x${string}` }),
    ).toBe(true)
    await removeHostile()
  })

  test('behavior: visible, Approve is enabled once the prompt was on screen for the delay, and a click then signs', async () => {
    const frame = frameOf(page)
    cleanUpAfter(frame)
    await recordPromptStates(frame)
    const signing = page.evaluate(() => host.signMessage('seen and approved'))
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(
      await verifyMessage({ address, message: 'seen and approved', signature: signed.value as `0x${string}` }),
    ).toBe(true)
    const states = await takePromptStates(frame)
    const arming = states.find((s) => s.state === 'arming')
    const armed = states.find((s) => s.state === 'armed')
    expect(arming && armed && armed.at - arming.at).toBeGreaterThanOrEqual(approvalDelayMs)
  })

  test('behavior: visibility lost then regained restarts the delay', async () => {
    const { signing, frame } = await armedPrompt('hidden for a moment')
    await recordPromptStates(frame)
    await cover({ passThrough: true })
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('hidden')
    await removeHostile()
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('armed')
    const states = await takePromptStates(frame)
    expect(states.map((s) => s.state)).toEqual(['armed', 'hidden', 'arming', 'armed'])
    const [, , arming, armed] = states
    expect((armed?.at ?? 0) - (arming?.at ?? 0)).toBeGreaterThanOrEqual(approvalDelayMs)
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('host side: the kit puts back a style that would hide or shrink the frame while a prompt is up', async () => {
    const { signing, frame } = await armedPrompt('inline override')
    const iframe = page.locator('iframe[data-portico-secure-frame]')
    const before = await iframe.boundingBox()
    // An inline override and a stylesheet rule (even `!important`) alike.
    await page.evaluate(() => {
      const element = document.querySelector<HTMLIFrameElement>('iframe[data-portico-secure-frame]')
      if (element) Object.assign(element.style, { opacity: '0', width: '1px', visibility: 'hidden' })
      const style = document.createElement('style')
      style.className = 'hostile'
      style.textContent = 'iframe { opacity: 0 !important; transform: scale(0.1) !important }'
      document.head.append(style)
    })
    await expect.poll(() => iframe.evaluate((e) => getComputedStyle(e).opacity)).toBe('1')
    expect(await iframe.evaluate((e) => getComputedStyle(e).visibility)).toBe('visible')
    expect(await iframe.boundingBox()).toEqual(before)
    expect(await prompt(frame).getAttribute('data-state')).not.toBe('hidden')
    await removeHostile()
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })

  test('hostile host: the key export reveals nothing while the frame is hidden', async () => {
    const exporting = track(page.evaluate(() => host.exportKey('eip155')))
    const frame = frameOf(page)
    cleanUpAfter(frame)
    await expect.poll(() => prompt(frame).getAttribute('data-state')).toBe('armed')
    await cover({ passThrough: true })
    await frame.getByRole('button', { name: 'Reveal key' }).click({ force: true })
    await frame.getByRole('alert').filter({ hasText: 'hidden by the page' }).waitFor()
    expect(await frame.locator('[data-portico-secret]').isHidden()).toBe(true)
    await removeHostile()
    await frame.getByRole('button', { name: 'Cancel' }).click()
    expect(await exporting).toMatchObject({ ok: false, code: 4001 })
  })
})

describe('without IntersectionObserver v2 (Firefox, Safari) the approval moves to a window of the wallet', () => {
  let context: BrowserContext
  let page: Page
  let address: `0x${string}`

  beforeAll(async () => {
    ;({ context } = await offlineContext(env.browser))
    // As in a browser without visibility tracking: entries have no `isVisible`, in every frame and window.
    await context.addInitScript(() => {
      if (typeof IntersectionObserverEntry !== 'undefined')
        delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
    })
    ;({ page } = await openHost(context))
    address = await login(page, `window-${randomBytes(4).toString('hex')}@example.com`)
  })
  afterAll(() => context?.close())

  test('behavior: the frame offers no Approve of its own; the wallet’s window shows the request and signs', async () => {
    const signing = page.evaluate(() => host.signMessage('approved in a window'))
    const frame = frameOf(page)
    const review = frame.getByRole('button', { name: 'Review in a secure window' })
    await review.waitFor()
    expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    const [popup] = await Promise.all([context.waitForEvent('page'), review.click()])
    expect(new URL(popup.url()).origin).toBe(new URL(env.devnet.auth.frameUrl).origin)
    await popup.getByText('approved in a window').waitFor()
    expect(await popup.getByText(`http://127.0.0.1:${env.port}`, { exact: true }).count()).toBe(1)
    await popup.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(
      await verifyMessage({ address, message: 'approved in a window', signature: signed.value as `0x${string}` }),
    ).toBe(true)
    await expect.poll(() => popup.isClosed()).toBe(true)
  })

  test('behavior: closing the wallet’s window rejects the request (4001)', async () => {
    const signing = page.evaluate(() => host.signMessage('closed window'))
    const frame = frameOf(page)
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      frame.getByRole('button', { name: 'Review in a secure window' }).click(),
    ])
    await popup.getByText('closed window').waitFor()
    await popup.close({ runBeforeUnload: true })
    expect(await signing).toMatchObject({ ok: false, code: 4001 })
  })
})

describe('third-party storage blocked: login asks in the frame, then works for this visit', () => {
  let strict: Awaited<ReturnType<typeof storageContext>>
  beforeAll(async () => {
    strict = await storageContext('block')
  })
  afterAll(() => strict?.close())

  test('behavior: the browser refuses the frame’s IndexedDB on another site; access is asked in the frame, refused, and the visit-only store logs in and signs', async () => {
    // The host on `localhost`, the frame on 127.0.0.1: two sites, so the frame is third-party.
    const { page } = await openHost(strict.context, 'localhost')
    expect(await page.evaluate(() => host.frameReady())).toMatchObject({ ok: true })
    const frame = frameOf(page)
    // The precondition, checked in the frame's document: this browser refuses its storage.
    const probe = await frame.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('portico-probe')
          request.onsuccess = () => resolve('opened')
          request.onerror = () => resolve(request.error?.message ?? 'refused')
        }),
    )
    expect(probe).toBe('The user denied permission to access the database.')

    const email = `strict-${randomBytes(4).toString('hex')}@example.com`
    const starting = page.evaluate((e) => host.startEmailLogin(e), email)
    // Awaited below; a failure before that must not also surface as an unhandled rejection.
    starting.catch(() => {})
    // The frame asks to be shown and explains, with a button the user clicks to grant access.
    await frame.getByRole('heading', { name: 'Let the wallet remember this device' }).waitFor()
    await frame.getByRole('button', { name: 'Allow access' }).click()
    // The browser refuses (no earlier visit to the wallet's own site, and no prompt it could show):
    // a first-party visit is offered, then the visit-only store.
    await frame.getByText('Your browser did not allow it').waitFor()
    const [popup] = await Promise.all([
      strict.context.waitForEvent('page'),
      frame.getByRole('button', { name: 'Open the wallet’s page' }).click(),
    ])
    expect(new URL(popup.url()).origin).toBe(new URL(env.devnet.auth.frameUrl).origin)
    // Continue closes the wallet's page: the click may end with its page gone, which is the point.
    await Promise.all([
      popup.waitForEvent('close'),
      popup
        .getByRole('button', { name: 'Continue' })
        .click()
        .catch((error: Error) => {
          if (!popup.isClosed()) throw error
        }),
    ])
    // The frame saw the visit end and offers access again. Whether the browser grants it now is
    // its own call (Chromium does when it has counted the visit as an interaction with the
    // wallet's site, which varies run to run: one CI run got access here), so this test takes
    // the visit-only store, offered since the first refusal.
    await frame.getByText('Now allow access again.').waitFor()
    await frame.getByRole('button', { name: 'Use for this visit only' }).click()
    expect(await starting).toEqual({ ok: true, value: { action: 'VERIFY_OTP' } })

    const connected = await page.evaluate(
      (c) => host.verifyEmailOtp(c),
      await mailedCode(env.devnet.auth.inboxUrl, email),
    )
    if (!connected.ok) throw new Error(`login failed: ${connected.message}`)
    const address = connected.value.address as `0x${string}`
    const signing = page.evaluate(() => host.signMessage('signed without storage'))
    // The prompt says what a visit-only store means for this device.
    await frame.getByText('Nothing is kept after you leave this page').waitFor()
    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    if (!signed.ok) throw new Error(signed.message)
    expect(
      await verifyMessage({ address, message: 'signed without storage', signature: signed.value as `0x${string}` }),
    ).toBe(true)
  })

  test('behavior: cancelling the storage step ends the login with a clear error', async () => {
    // A browser of its own: the test above visited the wallet's page in its browser, and what
    // Chromium grants after such a visit is its own call, so this test must not inherit it.
    const own = await storageContext('block')
    onTestFinished(() => own.close())
    const { page } = await openHost(own.context, 'localhost')
    expect(await page.evaluate(() => host.frameReady())).toMatchObject({ ok: true })
    const frame = frameOf(page)
    const starting = page.evaluate(
      (e) => host.startEmailLogin(e),
      `cancel-${randomBytes(4).toString('hex')}@example.com`,
    )
    starting.catch(() => {})
    await frame.getByRole('button', { name: 'Allow access' }).waitFor()
    await frame.getByRole('button', { name: 'Cancel' }).click()
    // The click took effect in the frame (its step is gone) before the login's answer is awaited,
    // so a click the frame did not count fails here, bounded, instead of leaving the login pending.
    await prompt(frame).waitFor({ state: 'detached' })
    expect(await starting).toMatchObject({
      ok: false,
      message: 'This browser blocks the wallet’s storage on this site',
    })
  })
})

describe('third-party storage allowed on another site', () => {
  let strict: Awaited<ReturnType<typeof storageContext>>
  beforeAll(async () => {
    strict = await storageContext('allow')
  })
  afterAll(() => strict?.close())

  test('behavior: the frame takes its own (unpartitioned) storage without asking, and the session survives a reload', async () => {
    const { page } = await openHost(strict.context, 'localhost')
    const address = await login(page, `allowed-${randomBytes(4).toString('hex')}@example.com`)
    const frame = frameOf(page)
    expect(await frame.getByRole('heading', { name: 'Let the wallet remember this device' }).count()).toBe(0)
    await page.reload()
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.evaluate(() => host.reconnect())).toMatchObject({ ok: true, value: { address } })
  })
})
