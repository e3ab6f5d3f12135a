// End to end: Sign in with X on the demo's #/sign-in page, in Chromium, offline. The demo server
// runs @portico/auth/siwx: connecting in the prebuilt modal opens the sign step, the
// signature is verified there (session cookie), reload keeps it, disconnect signs out; a
// replayed or tampered message is refused by the same routes. Every wait is on a condition.

import { formatSiwxMessage } from '@portico/headless/siwx'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import {
  connectDevnetWallet,
  offlineContext,
  openAccountView,
  type Page,
  shot,
  startDemoAndBrowser,
} from './browser.js'

const running = startDemoAndBrowser()

const text = (page: Page, id: string) => page.getByTestId(id).textContent()

describe('sign-in page', () => {
  test('connect in the modal → sign step → signed in (server session) → reload keeps it → disconnect signs out', async () => {
    const { context, blocked } = await offlineContext(running.browser)
    const page = await context.newPage()
    const address0 = running.demo.devnet.evm.accounts[0]?.address as string

    // The first page of a fresh Vite dev server prebundles dependencies: a generous bound.
    await page.goto(`${running.demo.url}#/sign-in`, { timeout: 120_000 })
    await expect.poll(() => text(page, 'signin-me-result')).toBe('')
    await page.getByTestId('signin-me').click()
    await expect.poll(() => text(page, 'signin-me-result')).toBe('401 not_signed_in')

    await page.locator('[data-slot="connect-button"]').click()
    await connectDevnetWallet(page)
    // The sign step: the app's name, Sign and Cancel.
    const view = page.locator('[data-slot="siwx-view"]')
    await view.waitFor()
    expect(await page.locator('[data-slot="siwx-title"]').textContent()).toBe(
      'Portico demo needs to connect to your wallet',
    )
    await shot(page, 'siwx-01-sign-step')
    await page.locator('[data-slot="siwx-sign"]').click()
    await view.waitFor({ state: 'hidden' })
    await expect.poll(() => text(page, 'signin-status')).toBe('authenticated')
    expect((await text(page, 'signin-address'))?.toLowerCase()).toBe(address0.toLowerCase())

    // The server holds the session: the protected endpoint answers, and the session route lists it.
    await page.getByTestId('signin-me').click()
    await expect
      .poll(async () => (await text(page, 'signin-me-result'))?.toLowerCase())
      .toBe(`200 ${address0.toLowerCase()}`)
    const listed = await page.evaluate(async (address) => {
      const response = await fetch(`/api/siwx/session?chainId=eip155:31337&address=${address}`)
      return ((await response.json()) as { sessions: unknown[] }).sessions.length
    }, address0)
    expect(listed).toBe(1)
    await shot(page, 'siwx-02-signed-in')

    // Reload: the wallet reconnects silently and the session is still there (no sign step).
    await page.reload()
    await expect.poll(() => text(page, 'signin-connection')).toBe('connected')
    await expect.poll(() => text(page, 'signin-status')).toBe('authenticated')
    expect(await page.locator('[data-slot="siwx-view"]').count()).toBe(0)

    // Disconnect from the Account view: signed out on the server too.
    await openAccountView(page)
    await page.locator('[data-slot="disconnect"]').click()
    await expect.poll(() => text(page, 'signin-connection')).toBe('disconnected')
    await expect.poll(() => text(page, 'signin-status')).toBe('unauthenticated')
    await page.keyboard.press('Escape')
    await expect
      .poll(async () => {
        await page.getByTestId('signin-me').click()
        return text(page, 'signin-me-result')
      })
      .toBe('401 not_signed_in')
    expect(blocked).toEqual([])
    await context.close()
  })

  test('the demo server refuses a replayed and a tampered message', async () => {
    const origin = new URL(running.demo.url).origin
    const account = privateKeyToAccount(running.demo.devnet.evm.accounts[1]?.privateKey as `0x${string}`)
    const signed = async () => {
      const { nonce } = (await (await fetch(`${origin}/api/siwx/nonce`)).json()) as { nonce: string }
      const message = formatSiwxMessage({
        accountAddress: account.address,
        chainId: 'eip155:31337',
        domain: new URL(origin).host,
        uri: origin,
        version: '1',
        nonce,
        statement: 'Sign in to the Portico demo.',
        issuedAt: new Date().toISOString(),
      })
      return { message, signature: await account.signMessage({ message }) }
    }
    const verify = (body: unknown) =>
      fetch(`${origin}/api/siwx/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })

    const first = await signed()
    expect((await verify(first)).status).toBe(200)
    const replay = await verify(first)
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({ error: 'replayed_nonce' })

    const fresh = await signed()
    const tampered = await verify({ ...fresh, message: fresh.message.replace('Sign in to', 'Send all funds from') })
    expect(tampered.status).toBe(401)
    expect(await tampered.json()).toMatchObject({ error: 'invalid_signature' })
  })
})
