// End to end on the demo site: each of the six social logins from the prebuilt modal. The visitor
// clicks the provider in the Connect view, the kit opens the login window in that click, the visitor
// picks a test user on the devnet provider's own login page (a real OpenID Connect / OAuth 2 server
// on loopback), and the modal shows the connected account with the social identity. Signing out and
// logging in again with the same user gives the same wallet. Closing the window instead ends with
// 'Popup closed'. Every wait is on an element, a window or a condition; nothing sleeps.

import { socialTestUsers } from '@portico/devnet'
import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { closeModal, offlineContext, openAccountView, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

// The Connect view shows the first social large and the next ones in a row; the rest sit behind
// "More ways to log in" (spec: the social buttons' layout).
const providers = [
  ['google', 'Google'],
  ['x', 'X'],
  ['discord', 'Discord'],
  ['apple', 'Apple'],
  ['github', 'GitHub'],
  ['facebook', 'Facebook'],
] as const

async function openConnect(page: Page) {
  await page.locator('[data-slot="connect-button"]').click()
  await page.getByRole('textbox', { name: 'Email' }).waitFor()
}

/** Clicks the provider's button in the Connect view (expanding the list when it is not shown). */
async function pickSocial(context: BrowserContext, page: Page, label: string) {
  const button = page.getByRole('button', { name: `Continue with ${label}` })
  if ((await button.count()) === 0) await page.getByRole('button', { name: 'More ways to log in' }).click()
  const opened = context.waitForEvent('page')
  await button.click()
  return opened
}

async function signOut(page: Page) {
  await openAccountView(page)
  await page.locator('[data-slot="disconnect"]').click()
  await page.locator('[data-slot="connect-button"]').waitFor()
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('disconnected')
  await page.keyboard.press('Escape')
}

test.each(providers)(
  'demo: %s from the modal in a real login window: connected, the identity shown, the same wallet on the next login',
  async (provider, label) => {
    const { context } = await offlineContext(running.browser)
    try {
      await running.demo.devnet.auth.ready()
      const page = await context.newPage()
      await page.goto(running.demo.url)
      const user = socialTestUsers[provider][0]
      if (!user) throw new Error(`no test user for ${provider}`)

      const login = async () => {
        await openConnect(page)
        const popup = await pickSocial(context, page, label)
        // The window the kit opened in the click: 600×800, pointed at the provider's own page. Read
        // once that page shows: the window is still navigating before (from its empty start, through
        // the redirects), and a read then loses its page (on a busy machine it did).
        await popup.getByRole('heading', { name: `Sign in with ${label}` }).waitFor({ timeout: 60_000 })
        expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 800])
        await popup.getByRole('button', { name: `Continue as ${user.username}` }).click()
        // Connected: the Account view names the provider's user; the page sees the connection.
        const social = page.locator(`[data-slot="account-social"][data-provider="${provider}"]`)
        await social.waitFor({ timeout: 60_000 })
        expect(await page.locator('[data-slot="account-social-user"]').textContent()).toContain(user.username)
        await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
        // The kit closes the login window once the result came back.
        await expect.poll(() => popup.isClosed()).toBe(true)
        await closeModal(page)
        return (await page.getByTestId('account-address').textContent()) ?? ''
      }

      const first = await login()
      expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
      await signOut(page)
      expect(await login()).toBe(first)
    } finally {
      await context.close()
    }
  },
  240_000,
)

test('demo: Farcaster from the modal: the QR view links to the devnet Farcaster app, approved there (on "another device"), connected with the Farcaster username', async () => {
  const { context } = await offlineContext(running.browser)
  const phone = await offlineContext(running.browser)
  try {
    await running.demo.devnet.auth.ready()
    const page = await context.newPage()
    await page.goto(running.demo.url)
    await openConnect(page)
    await page.getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = page.locator('[data-slot="farcaster-link"]')
    await link.waitFor({ timeout: 60_000 })
    const href = (await link.getAttribute('href')) ?? ''
    expect(new URL(href).origin).toBe(new URL(running.demo.devnet.farcaster.appUrl).origin)
    expect(await page.getByRole('img', { name: /QR/i }).count()).toBeGreaterThan(0)

    // The user's Farcaster app (a phone that scanned the code): it signs with the account's custody key.
    const app = await phone.context.newPage()
    await app.goto(href)
    const username = ((await app.locator('input[name="fid"]:checked').locator('xpath=..').textContent()) ?? '').match(
      /@([\w.-]+)/,
    )?.[1]
    expect(username).toBeTruthy()
    await app.getByRole('button', { name: 'Approve' }).click()

    const social = page.locator('[data-slot="account-social"][data-provider="farcaster"]')
    await social.waitFor({ timeout: 60_000 })
    expect(await page.locator('[data-slot="account-social-user"]').textContent()).toContain(username)
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
    expect(await page.getByTestId('account-address').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/)
  } finally {
    await Promise.allSettled([context.close(), phone.context.close()])
  }
}, 240_000)

test('demo: closing the login window ends the social login with "Popup closed"; nothing connected', async () => {
  const { context } = await offlineContext(running.browser)
  try {
    await running.demo.devnet.auth.ready()
    const page = await context.newPage()
    await page.goto(running.demo.url)
    await openConnect(page)
    const popup = await pickSocial(context, page, 'GitHub')
    await popup.getByRole('heading', { name: 'Sign in with GitHub' }).waitFor({ timeout: 60_000 })
    await popup.close()
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('Popup closed')
    expect(await page.getByTestId('account-status').textContent()).toBe('disconnected')
  } finally {
    await context.close()
  }
}, 180_000)

test('demo: the provider refuses the login (access_denied): the modal says "Failed to connect", the window closes, nothing connected; Try again logs in', async () => {
  const { context } = await offlineContext(running.browser)
  try {
    await running.demo.devnet.auth.ready()
    const page = await context.newPage()
    await page.goto(running.demo.url)
    await openConnect(page)
    // The devnet GitHub answers the next authorization with the OAuth error, not its login page.
    running.demo.devnet.social.providers.github.failNextAuthorization('access_denied')
    const popup = await pickSocial(context, page, 'GitHub')
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 60_000 }).toContain('Failed to connect')
    await expect.poll(() => popup.isClosed()).toBe(true)
    expect(await page.getByTestId('account-status').textContent()).toBe('disconnected')

    // Nothing pending: Try again opens a fresh window, and that login connects.
    const again = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Try again' }).click()
    const second = await again
    const user = socialTestUsers.github[0]
    if (!user) throw new Error('no test user for github')
    await second.getByRole('button', { name: `Continue as ${user.username}` }).click()
    await page.locator('[data-slot="account-social"][data-provider="github"]').waitFor({ timeout: 60_000 })
    await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  } finally {
    await context.close()
  }
}, 180_000)
