// End to end: a social login on the demo's #/sign-in page (sign-in on, the demo server's
// @portico/auth/siwx routes) signs in within the login itself, as AppKit's social login with SIWX
// does: the kit sends the sign-in data with `connect social`, the secure frame signs it with the new
// account once the login completes, and the kit hands the session to the server, which verifies it.
// One login window, no sign step. Every wait is on an element, a window or a condition.

import { socialTestUsers } from '@portico/devnet'
import { recoverMessageAddress } from 'viem'
import { expect, test } from 'vitest'
import { clickUntil, closeModal, offlineContext, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

test('demo: a Google login on the sign-in page ends signed in (server session) with one window and no sign step', async () => {
  const { context } = await offlineContext(running.browser)
  try {
    await running.demo.devnet.auth.ready()
    const page = await context.newPage()
    const windows: unknown[] = []
    context.on('page', (opened) => windows.push(opened))
    // The first page of a fresh Vite dev server prebundles dependencies: a generous bound.
    await page.goto(`${running.demo.url}#/sign-in`, { timeout: 120_000 })
    const text = (id: string) => page.getByTestId(id).textContent()
    const user = socialTestUsers.google[0]
    if (!user) throw new Error('no test user for google')

    await page.locator('[data-slot="connect-button"]').click()
    const button = page.getByRole('button', { name: 'Continue with Google' })
    await button.waitFor({ timeout: 60_000 })
    const opened = context.waitForEvent('page')
    await clickUntil(button, () => windows.length > 0)
    const popup = await opened
    await popup.getByRole('button', { name: `Continue as ${user.username}` }).click({ timeout: 60_000 })

    // Connected and signed in, without the sign step ever asking.
    await expect.poll(() => text('signin-status'), { timeout: 60_000 }).toBe('authenticated')
    expect(await text('signin-connection')).toBe('connected')
    expect(await page.locator('[data-slot="siwx-view"]').count()).toBe(0)
    expect(windows).toHaveLength(1)
    await expect.poll(() => popup.isClosed()).toBe(true)

    await closeModal(page)

    // The session is the embedded account's, and the server verified and keeps it.
    const address = (await text('signin-address')) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.getByTestId('signin-me').click()
    await expect.poll(async () => (await text('signin-me-result'))?.toLowerCase()).toBe(`200 ${address.toLowerCase()}`)
    const sessions = await page.evaluate(async (account) => {
      const response = await fetch(`/api/siwx/session?chainId=eip155:31337&address=${account}`)
      return ((await response.json()) as { sessions: { message: string; signature: `0x${string}` }[] }).sessions
    }, address)
    expect(sessions).toHaveLength(1)
    const session = sessions[0]
    if (!session) throw new Error('no session')
    expect(session.message).toContain('Sign in to the Portico demo.')
    expect(session.message).toContain(`${new URL(running.demo.url).host} wants you to sign in`)
    expect((await recoverMessageAddress(session)).toLowerCase()).toBe(address.toLowerCase())
    // Still no sign step once everything settled.
    expect(await page.locator('[data-slot="siwx-view"]').count()).toBe(0)
  } finally {
    await context.close()
  }
}, 240_000)
