// A chunk of the kit that cannot arrive (offline, a deploy that replaced it) never leaves the page
// stuck: the modal's own code failing closes it again with a warning, so the button is a click
// away and that click fetches it anew; a view's code failing says so inside the modal, with Try
// again; the embedded modal offers Try again in its place. The demo's production build, with its
// real chunks dropped by the browser as a lost connection drops them (`page.route`), then let
// through.
import { expect, test } from 'vitest'
import { demoModule, offlineContext, type Page, type Route, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

/** The kit's warnings on `page`, as they come. */
function recordWarnings(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return warnings
}

test("error: the modal's code failing to arrive closes it with a warning; the next click, once it can arrive, opens it", async () => {
  const { context } = await offlineContext(running.browser)
  try {
    const page = await context.newPage()
    const warnings = recordWarnings(page)
    const isModal = demoModule('modal/Modal.tsx')
    // Dropped until the kit has warned; then held, as a slow connection coming back holds them,
    // until let through. (The page warns before it fetches again: the events come in that order.)
    const warned = () => warnings.some((text) => text.includes('[portico] Could not load the modal.'))
    let dropped = 0
    let online = false
    const held: Route[] = []
    await page.route(isModal, (route) => {
      if (online) return route.continue()
      if (warned()) return void held.push(route)
      dropped++
      return route.abort('internetdisconnected')
    })
    await page.goto(running.demo.url)
    const button = page.locator('[data-slot="connect-button"]').first()
    await button.click()
    await expect.poll(warned).toBe(true)
    expect(dropped).toBeGreaterThan(0)
    expect(await page.locator('[role="dialog"]').count()).toBe(0)
    // Closed, the modal is fetched again in the background; the user clicks while that is on its
    // way. The earlier failure must not close this opening: it waits for the fetch under way.
    await expect.poll(() => held.length).toBeGreaterThan(0)
    await button.click()
    online = true
    for (const route of held) await route.continue()
    await page.locator('[role="dialog"] [data-slot="connect-view"]').waitFor()
  } finally {
    await context.close()
  }
})

test("error: a view's code failing to arrive says so in the modal with Try again, which shows the view once it can arrive", async () => {
  const { context } = await offlineContext(running.browser)
  try {
    const page = await context.newPage()
    const warnings = recordWarnings(page)
    const isAllWallets = demoModule('features/connect/AllWalletsView.tsx')
    await page.route(isAllWallets, (route) => route.abort('internetdisconnected'))
    await page.goto(running.demo.url)
    await page.locator('[data-slot="connect-button"]').first().click()
    const dialog = page.locator('[role="dialog"]')
    await dialog.locator('[data-slot="all-wallets"]').click()
    const unavailable = dialog.locator('[data-slot="view-unavailable"]')
    await unavailable.getByText('This view could not be loaded').waitFor()
    expect(warnings.some((text) => text.includes('[portico] Could not load the AllWallets view.'))).toBe(true)
    // No spinner left in its place; the header still names the view, and Back still works.
    expect(await dialog.locator('[data-slot="modal-body"] [aria-busy="true"]').count()).toBe(0)
    expect(await dialog.getByRole('heading').textContent()).toBe('All Wallets')
    await page.unroute(isAllWallets)
    await unavailable.getByRole('button', { name: 'Try again' }).click()
    await dialog
      .getByRole('searchbox')
      .or(dialog.getByRole('textbox', { name: 'Search wallets' }))
      .first()
      .waitFor()
    expect(await unavailable.count()).toBe(0)
  } finally {
    await context.close()
  }
})

test("error: the embedded modal's code failing to arrive leaves Try again in its place (not an empty box), which shows it once it can arrive", async () => {
  const { context } = await offlineContext(running.browser)
  try {
    const page = await context.newPage()
    const warnings = recordWarnings(page)
    const isModal = demoModule('modal/Modal.tsx')
    await page.route(isModal, (route) => route.abort('internetdisconnected'))
    await page.goto(`${running.demo.url}#/theming`)
    const embedded = page.getByTestId('theming-embedded')
    const retry = embedded.locator('[data-slot="embedded-modal-retry"]')
    await retry.waitFor()
    expect(await retry.textContent()).toBe('Try again')
    expect(warnings.some((text) => text.includes('[portico] Could not load the modal.'))).toBe(true)
    await page.unroute(isModal)
    await retry.click()
    await embedded.locator('[data-slot="connect-view"]').waitFor()
    expect(await retry.count()).toBe(0)
  } finally {
    await context.close()
  }
})
