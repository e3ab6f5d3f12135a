// The demo on a phone-sized screen (390 × 844, an iPhone 12-15): nothing overflows sideways, the
// connected button fits the header in its compact form, and the modal's bottom sheet is whole on
// screen with its network chip centred. Chromium, offline; every wait is on an element or a condition.
import { expect, test } from 'vitest'
import { connectDevnetWallet, offlineContext, type Page, shot, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

/** How far the page reaches past the screen's right edge (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('demo at 390 px: no sideways overflow on any page, the compact account button fits the header, the bottom sheet is whole', async () => {
  const { context, blocked } = await offlineContext(running.browser)
  const page = await context.newPage()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(running.demo.url)
  await page.locator('[data-slot="connect-button"]').waitFor()
  expect(await overflow(page)).toBe(0)

  await page.locator('[data-slot="connect-button"]').click()
  // The Connect view settled: its social logins (a lazy chunk) arrive above the wallet rows and
  // would move a row being tapped on a loaded machine.
  await page.locator('[data-slot="connect-socials"]').waitFor()
  await connectDevnetWallet(page)
  await expect.poll(() => page.getByTestId('account-status').textContent()).toBe('connected')
  await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0)
  const account = page.locator('[data-slot="account-button"]')
  await account.waitFor()
  const box = await account.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  expect(await overflow(page)).toBe(0)
  await shot(page, 'demo-phone-01-connected')

  // The Account view as a bottom sheet: inside the screen on every side.
  await account.click()
  const sheet = page.getByRole('dialog')
  await sheet.getByText(/ETH/).first().waitFor()
  const rect = await sheet.boundingBox()
  expect(rect).not.toBeNull()
  if (rect) {
    expect(rect.x).toBeGreaterThanOrEqual(0)
    expect(rect.x + rect.width).toBeLessThanOrEqual(390)
    expect(rect.y + rect.height).toBeLessThanOrEqual(844 + 1)
  }
  // The network chip alone (the devnet has no block explorer) sits centred under the balance.
  const chip = await sheet.locator('[data-slot="account-network"]').boundingBox()
  if (rect && chip) expect(Math.abs(chip.x + chip.width / 2 - (rect.x + rect.width / 2))).toBeLessThan(2)
  await shot(page, 'demo-phone-02-account-sheet')
  await page.keyboard.press('Escape')

  // Every page of the demo fits too.
  for (const link of await page.locator('header nav a, nav a').all()) {
    const href = await link.getAttribute('href')
    if (!href?.startsWith('#')) continue
    await link.click()
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(href)
    // Measured once the page is there: its link is the current one and its lazy chunk has replaced
    // the loading line (a measure taken before that reads the empty shell, which always fits).
    await page.locator(`nav a[href="${href}"][aria-current="page"]`).waitFor()
    await page.getByText('Loading…', { exact: true }).waitFor({ state: 'detached' })
    await page.locator('main').first().waitFor()
    await expect.poll(() => overflow(page), { timeout: 15_000 }).toBe(0)
  }

  expect(blocked).toEqual([])
  await context.close()
})
