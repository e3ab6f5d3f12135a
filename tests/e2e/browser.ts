// Chromium for the end-to-end tests: Debian's build driven by playwright-core, offline.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultBuildDir, type StartDemoOptions, type StartDemoReturnType, startDemo } from '@portico/demo'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Response,
  type Route,
} from 'playwright-core'
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest'
import { isModalSettled } from '../../packages/ui/src/test/isModalSettled.js'
import {
  chromiumArgs,
  chromiumPath,
  headlessShellPath,
  headlessShellPermissions,
  // @ts-expect-error: a plain .mjs script without types
} from '../../scripts/ensure-chromium.mjs'
import { offlineArgs, watchOffLoopback } from '../../scripts/offline-browser.mjs'

export const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '../screenshots/e2e')

/** Offline: only loopback resolves (the demo site and the devnet), see scripts/offline-browser.mjs. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true })
  // A launch on a busy machine can be slow; wait for it generously (it resolves when Chromium is up).
  return chromium.launch({
    executablePath: headlessShellPath as string,
    args: [...(chromiumArgs as string[]), ...offlineArgs],
    timeout: 120_000,
  })
}

/**
 * A browser of its own profile whose "block third-party cookies" setting is on (`'block'`: Chrome's
 * default in private windows; Brave, Safari and Firefox's strict mode do the same; a cross-site
 * frame's IndexedDB is refused) or off (`'allow'`: a cross-site frame gets its own storage without
 * asking). Offline like `launchChromium`'s. The full browser, not the headless shell the other
 * tests run: only the browser reads a profile's preferences (in the shell a cross-site frame's
 * storage is never blocked).
 */
export async function storageContext(mode: 'block' | 'allow') {
  const profile = mkdtempSync(join(tmpdir(), 'portico-e2e-profile-'))
  mkdirSync(join(profile, 'Default'))
  // Chromium's cookie controls: 1 blocks third-party cookies and the storage that goes with them.
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: mode === 'block' ? 1 : 0 } }),
  )
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath as string,
    args: [...(chromiumArgs as string[]), ...offlineArgs],
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  })
  // A ceiling, not a wait: on a starved machine the browser's storage-access answer and the
  // frame's steps after it took longer than 15 s while other browsers ran beside this one.
  context.setDefaultTimeout(30_000)
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * A phone for `offlineContext`: Chromium's mobile emulation (a 390×844 viewport at 3×, a touch
 * screen, so `(pointer: coarse)` matches, and a phone's user agent), as its device list has it.
 */
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

/**
 * A fresh context (own storage) whose requests off loopback (which fail) are recorded; `options`
 * (e.g. {@link phone}) are laid over the desktop defaults.
 */
export async function offlineContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
    permissions: headlessShellPermissions as string[],
    ...options,
  })
  // A ceiling on an element wait, not a duration: the first click after a load waits for the
  // lazy view's modules, which the dev server (a file that opts in with `built: false`) transforms
  // on first request; with two e2e files at once on a busy 2-core machine that took over 15 s.
  context.setDefaultTimeout(30_000)
  // A page load on the demo's Vite dev server transforms its modules on first request: on a busy
  // 2-core machine that alone can take far longer than an element wait (the built demo loads a
  // handful of chunks). The bound is a ceiling on waiting for the load event, not a duration
  // anything sleeps.
  context.setDefaultNavigationTimeout(90_000)
  // The browser resolves only loopback (launchChromium); what a page asked of other hosts is listed.
  const blocked = watchOffLoopback(context)
  reportOnFailure(context)
  return { context, blocked }
}

/** Each open page's URL, the text of its dialog, and the modal's open state and views (by `data-slot`). */
async function describePages(context: BrowserContext): Promise<string> {
  const pages = await Promise.all(
    context.pages().map(async (page) => {
      const dialogs = await page
        .locator('[role="dialog"]')
        .allInnerTexts()
        .catch(() => [])
      const slots = await page
        .evaluate(() =>
          [...document.querySelectorAll('[data-slot$="-view"], [data-slot^="modal-"][data-state]')].map(
            (element) =>
              `${element.getAttribute('data-slot')}${element.hasAttribute('data-state') ? `=${element.getAttribute('data-state')}` : ''}`,
          ),
        )
        .catch(() => [])
      const dialog = dialogs.join(' | ').replace(/\s+/g, ' ').slice(0, 1500) || '(none)'
      return `${page.url()}\n  dialog: ${dialog}\n  slots: ${slots.join(', ') || '(none)'}`
    }),
  )
  return pages.join('\n') || '(no page open)'
}

/**
 * When the calling test fails, prints what CI logs cannot otherwise show: each open page's URL,
 * the text of its dialog and the modal's views, and the pages' last console warnings and errors.
 * A test that closes its context in `finally` has closed the pages before the failure is reported,
 * so the pages are also described as the context closes, and that description is printed then.
 * Outside a test (a `beforeAll`), nothing is registered.
 */
function reportOnFailure(context: BrowserContext) {
  const consoleLines: string[] = []
  const keep = (line: string) => {
    consoleLines.push(line.slice(0, 500))
    if (consoleLines.length > 40) consoleLines.shift()
  }
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(`[${message.type()}] ${message.text()}`)
  })
  context.on('weberror', (error) => keep(`[page error] ${error.error().message}`))
  let atClose: string | undefined
  const close = context.close.bind(context)
  context.close = async (options) => {
    atClose = await describePages(context).catch(() => undefined)
    return close(options)
  }
  try {
    onTestFailed(async () => {
      const pages =
        context.pages().length > 0
          ? await describePages(context)
          : `(as the context closed)\n${atClose ?? '(not seen)'}`
      console.error(`[e2e] pages at the failure:\n${pages}\n[e2e] console:\n${consoleLines.join('\n')}`)
    })
  } catch {
    // Called from a hook rather than a test: there is no test to report on.
  }
}

/**
 * Starts the demo (on its own devnet) and Chromium once for the calling test file and stops both
 * after it. Read `demo` and `browser` from the returned object inside tests. `options` are the
 * demo's (e.g. `authNow`, the auth server's clock). The demo serves the production build
 * tests/e2e/globalDemo.ts made; a file that needs the dev server passes `built: false`.
 */
export function startDemoAndBrowser(options: Omit<StartDemoOptions, 'port'> = {}) {
  const running = {} as { demo: StartDemoReturnType; browser: Browser }
  beforeAll(async () => {
    ;[running.demo, running.browser] = await Promise.all([
      startDemo({ ...options, built: options.built ?? true, port: 0 }),
      launchChromium(),
    ])
  })
  afterAll(async () => {
    await Promise.allSettled([running.browser?.close(), running.demo?.stop()])
  })
  return running
}

/**
 * A URL matcher for one source module of the demo (`source`: the end of its path, e.g.
 * `'features/embedded/emailLogin.ts'`), for `page.route`: its own URL on the dev server, or the chunk
 * the production build put it in (named in the build's manifest). A lazily loaded module is a chunk
 * of its own, so holding or aborting that chunk holds or aborts that module's code, as in dev.
 *
 * @example
 * await page.route(demoModule('features/embedded/EmbeddedWatch.tsx'), (route) => route.abort())
 */
export function demoModule(source: string): (url: URL) => boolean {
  const manifestPath = join(defaultBuildDir, '.vite/manifest.json')
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; src?: string }>)
    : {}
  const chunks = Object.values(manifest)
    .filter((entry) => entry.src?.endsWith(`/${source}`))
    .map((entry) => `/${entry.file}`)
  if (existsSync(manifestPath) && chunks.length !== 1)
    throw new Error(`demoModule: ${chunks.length} chunks of the demo build hold ${source}; expected one`)
  return (url) => url.pathname.endsWith(`/${source}`) || chunks.includes(url.pathname)
}

/**
 * Records every toast the context's pages show, one entry per toast (its id) with its text. Toasts
 * leave after 2.5 s (spec), and a loaded CI machine can look after that: a test asserts that a
 * toast was shown, not that it is still up. Call before the page loads.
 *
 * @example
 * const toasts = await recordToasts(context)
 * await expect.poll(() => toasts(page)).toContain('Sent 7.25 USDC')
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = []
    const ids = new Set<string | null>()
    ;(window as unknown as { __porticoToasts: string[] }).__porticoToasts = seen
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            // One entry per toast (its id), however often its node is (re)inserted.
            for (const el of [node, ...node.querySelectorAll('[data-slot="toast"]')])
              if (el.getAttribute('data-slot') === 'toast' && !ids.has(el.getAttribute('data-toast-id'))) {
                ids.add(el.getAttribute('data-toast-id'))
                seen.push(el.textContent ?? '')
              }
    }).observe(document, { childList: true, subtree: true })
  })
  return (page: Page) => page.evaluate(() => (window as unknown as { __porticoToasts: string[] }).__porticoToasts)
}

/**
 * Drops the balances `page` stored for the spec's 30 s cache across reloads
 * (`@portico/portfolio_cache`, `@portico/native_balance_cache`), as their expiry would: the next
 * load reads its balances afresh. For a step about what a load's read shows, 30 s of waiting
 * apart; the cache itself is checked where a reload within 30 s asks nothing.
 *
 * @example
 * await dropStoredBalances(page)
 * await page.reload()
 */
export async function dropStoredBalances(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.removeItem('@portico/portfolio_cache')
    localStorage.removeItem('@portico/native_balance_cache')
  })
}

export function shot(page: Page, name: string) {
  return page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true })
}

/**
 * Clicks `target` (a button in the secure frame) until `done()` holds, as a user clicks again when
 * nothing happened. Chromium routes a click to a cross-origin frame from the compositor's last
 * hit-test data: on a starved machine a frame that was just placed or painted can miss a click that
 * Playwright reports as delivered, and the request then waits for the user for ever. `done` is the
 * effect the click must have (the request settled, an alert shown), checked before each retry, so a
 * test never clicks twice once the first click counted.
 */
export async function clickUntil(
  target: Locator,
  done: () => boolean | Promise<boolean>,
  options: { force?: boolean } = {},
): Promise<void> {
  await target.click({ force: options.force })
  let checks = 0
  await expect
    .poll(
      async () => {
        if (await done()) return true
        // The first check comes at once, before the click's effect can have arrived.
        if (checks++ > 0 && (await target.isVisible()))
          await target.click({ force: options.force, timeout: 5_000 }).catch(() => undefined)
        return done()
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true)
}

/** Resolves once the open modal is whole and still: the browser tests' rule, `isModalSettled`. */
export async function modalSettled(page: Page): Promise<void> {
  await page.waitForFunction(isModalSettled)
}

/**
 * Opens the Account view with the page's account button and resolves once it is whole and still
 * (`modalSettled`). The parts below the view's first rows (balance, tokens, a login's account rows,
 * a permissions list) arrive after it opens, each pending until then, and grow the centred dialog,
 * which moves as a whole: a click sent before then can press on one spot and release on another,
 * and make no click. Every click in the Account view goes through here.
 *
 * @example
 * await openAccountView(page)
 * await page.locator('[data-slot="disconnect"]').click()
 */
export async function openAccountView(page: Page): Promise<void> {
  await page.locator('[data-slot="account-button"]').click()
  await page.locator('[role="dialog"] [data-slot="account-view"]').waitFor()
  await modalSettled(page)
}

/**
 * Closes the open modal with its close button and waits until it is gone. It clicks once the modal
 * has settled, and again if the modal is still there: a press and a release that land on different
 * spots (a part arrived between them and moved the button) make no click. Closing is idempotent, so
 * a second click cannot do harm.
 */
export async function closeModal(page: Page): Promise<void> {
  await modalSettled(page)
  const close = page.locator('[role="dialog"] [data-slot="modal-close"]')
  await clickUntil(close, async () => (await page.locator('[role="dialog"]').count()) === 0)
}

export type { Browser, BrowserContext, Locator, Page, Response, Route }

/**
 * Connects the demo's Devnet Wallet from the Connect view on `namespace`. It is installed for EVM
 * and Solana, so it is one row (its namespaces named on it), which asks which namespace to connect.
 */
export async function connectDevnetWallet(page: Page, namespace: 'eip155' | 'solana' = 'eip155') {
  const row = page
    .locator('[data-slot="wallet-row"]')
    .filter({ hasText: 'Devnet Wallet' })
    .filter({ hasNotText: 'Devnet Wallet 2' })
    .filter({ hasText: 'EVM · Solana' })
  // Each click waits until the modal is whole and still: the centred dialog resizes to each view
  // it shows, and a press and a release that land on different spots make no click (under load
  // the namespace step stayed on screen, never clicked).
  await row.waitFor()
  await modalSettled(page)
  await row.click()
  const choice = page.locator(`[data-slot="choose-namespace"][data-namespace="${namespace}"]`)
  await choice.waitFor()
  await modalSettled(page)
  await choice.click()
}
