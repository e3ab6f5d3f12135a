// The Connect and Account views stay still while their lazy parts arrive: the social logins, the
// email field and the directory's recommended rows in Connect; the connected-wallets entry in
// Account. Each holds its place until it is there, so a tap already on its way lands where the
// user aimed (a dialog that is centred, or a bottom sheet, moves as a whole when it grows). The CPU
// is slowed so the parts arrive well after the view's first paint; every wait is on an element.
import { expect, test } from 'vitest'
import { connectDevnetWallet, offlineContext, type Page, startDemoAndBrowser } from './browser.js'

const running = startDemoAndBrowser()

/**
 * Starts recording, every frame, the top of the first element matching `selector` inside the
 * dialog, from the frame it first exists (once the modal's height has settled); `positions()`
 * returns the distinct tops seen.
 */
async function recordTops(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const tops: number[] = []
    const views: string[] = []
    const frame = () => {
      const target = document.querySelector(`[role="dialog"] ${selector}`)
      // The modal enters with an animation and follows a new view's height (by design; one frame
      // each with reduced motion): frames in either are that motion, not a part arriving.
      const dialog = document.querySelector('[role="dialog"]')
      const inner = dialog?.querySelector('[data-slot="modal-body"]')?.parentElement
      const settled =
        inner?.parentElement &&
        Math.abs(inner.parentElement.clientHeight - inner.offsetHeight) < 1 &&
        dialog?.getAnimations({ subtree: true }).every((animation) => animation.playState === 'finished')
      if (target && settled) {
        const top = Math.round(target.getBoundingClientRect().top)
        if (tops.at(-1) !== top) {
          tops.push(top)
          // What the view held at that frame: its parts and their heights, so a move names the part
          // that came or went (under load, the branding line once came and went this way).
          const root = dialog?.querySelector('[data-slot="modal-body"] [data-slot]')
          const parts = [...(root?.children ?? [])].map(
            (el) => `${el.getAttribute('data-slot') ?? el.tagName}:${Math.round(el.getBoundingClientRect().height)}`,
          )
          views.push(`${top}: dialog ${Math.round(dialog?.getBoundingClientRect().height ?? 0)} [${parts.join(' ')}]`)
        }
      }
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    ;(window as unknown as { recordedTops: number[] }).recordedTops = tops
    ;(window as unknown as { recordedViews: string[] }).recordedViews = views
  }, selector)
  return {
    /** At each distinct top: the dialog's height and the view's parts with theirs. */
    views: () => page.evaluate(() => (window as unknown as { recordedViews: string[] }).recordedViews),
    /** The distinct tops, after two more frames (so the last layout is in). */
    positions: () =>
      page.evaluate(
        () =>
          new Promise<number[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve((window as unknown as { recordedTops: number[] }).recordedTops)),
            ),
          ),
      ),
  }
}

for (const [name, viewport] of [
  ['desktop (a centred dialog)', { width: 1280, height: 860 }],
  ['phone (a bottom sheet)', { width: 390, height: 844 }],
] as const) {
  test(`${name}: the Connect view's wallet rows and the Account view's entries do not move while lazy parts arrive`, async () => {
    const { context, blocked } = await offlineContext(running.browser, { viewport })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await page.goto(running.demo.url)
    await page.locator('[data-slot="connect-button"]').waitFor()

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    const connect = await recordTops(page, '[data-slot="wallet-row"]')
    await page.locator('[data-slot="connect-button"]').click()
    // Everything the view fetches after its first paint: the social logins, the email field, the
    // directory's rows and its count.
    await page.locator('[data-slot="connect-socials"]').waitFor()
    await page.locator('[data-slot="email-input"]').waitFor()
    await page.locator('[data-slot="recommended-wallet-row"]').first().waitFor()
    await page.locator('[data-slot="all-wallets"] span', { hasText: /\d/ }).waitFor()
    expect(await connect.positions(), (await connect.views()).join('\n')).toHaveLength(1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    await connectDevnetWallet(page)
    // The balance is data, not a lazy part: the token list below it grows by a row per token when
    // it arrives (under load it once arrived after the view opened). Opened once it is read, the
    // view's moves can only be its lazy parts. (At phone width the button hides the balance.)
    await page.locator('[data-slot="account-button-balance"]').waitFor({ state: 'attached' })
    await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0)

    // The Account view's first open: its connected-wallets entry (the remote configuration turned
    // multi-wallet on when Connect opened) is a lazy part under the balance.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    const account = await recordTops(page, '[data-slot="disconnect"]')
    await page.locator('[data-slot="account-button"]').click()
    await page.locator('[role="dialog"] [data-slot="open-wallets"]').waitFor()
    expect(await account.positions(), (await account.views()).join('\n')).toHaveLength(1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    expect(blocked).toEqual([])
    await context.close()
  })
}
