// useLocale on its own (no kit around it): English first (server render included), the requested or
// the user's languages matched to the kit's locales, direction, a failed catalogue chunk, and a
// switch while a chunk loads. locales.browser.test.tsx covers the whole modal in ar/ja/ko/pt-BR,
// <html lang> switching and the host's overrides; locales.test.ts covers matchLocale's table.
import { afterEach, expect, test, vi } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ar } from './locales/ar.js'
import { de } from './locales/de.js'
import { es } from './locales/es.js'
import { fr } from './locales/fr.js'
import { ko } from './locales/ko.js'
import { ptBR } from './locales/pt-BR.js'
import { zhCN } from './locales/zh-CN.js'
import { en, type Messages } from './messages.js'
import { useLocale } from './useLocale.js'

function Probe({ requested, overrides }: { requested?: string; overrides?: Partial<Messages> }) {
  const { locale, dir, messages } = useLocale(requested, overrides)
  return (
    <p data-testid="probe" data-locale={locale} dir={dir}>
      {messages.connectWallet}
    </p>
  )
}

/** A probe that also records, on each render, its locale, direction and two of its texts. */
function Recorder({ seen, ...props }: { requested?: string; overrides?: Partial<Messages>; seen: string[] }) {
  const { locale, dir, messages } = useLocale(props.requested, props.overrides)
  seen.push(`${locale} ${dir} ${messages.connectWallet} ${messages.close}`)
  return <Probe {...props} />
}

const probe = () => page.getByTestId('probe')
/** What the probe shows: its locale, direction and text. */
const shown = () => {
  const element = probe().element()
  return [element.getAttribute('data-locale'), element.getAttribute('dir'), element.textContent]
}

const htmlLang = document.documentElement.getAttribute('lang')
afterEach(() => {
  if (htmlLang === null) document.documentElement.removeAttribute('lang')
  else document.documentElement.setAttribute('lang', htmlLang)
  Reflect.deleteProperty(navigator, 'languages')
})

/** The user's languages as the browser reports them, and no <html lang> (the host gave none). */
function userLanguages(languages: string[]) {
  document.documentElement.removeAttribute('lang')
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true })
}

/**
 * The test runner loads every dynamic import of the page through one hook; holding or failing the
 * calls whose module matches `chunk` stands for a chunk still on the network, or one that never
 * arrives (offline, a deploy replaced it).
 */
type Runner = { wrapDynamicImport: <value>(load: () => Promise<value>) => Promise<value> }
function interceptChunk(chunk: RegExp) {
  const runner = (globalThis as unknown as { __vitest_browser_runner__: Runner }).__vitest_browser_runner__
  const original = runner.wrapDynamicImport.bind(runner)
  const held: { release: () => void; fail: (error: Error) => void }[] = []
  const spy = vi.spyOn(runner, 'wrapDynamicImport').mockImplementation(<value,>(load: () => Promise<value>) => {
    if (!chunk.test(String(load))) return original(load)
    return new Promise<value>((resolve, reject) => {
      held.push({ release: () => resolve(original(load)), fail: reject })
    })
  })
  return { held, restore: () => spy.mockRestore() }
}

// (The first render is what a server renders: it reads no DOM and runs no effect.)
test('default: the first render is English, whatever language was asked, so it matches a server render', async () => {
  const seen: string[] = []
  await render(<Recorder requested="de-CH" seen={seen} />)
  expect(seen[0]).toBe(`en ltr ${en.connectWallet} ${en.close}`)
  // Then the language asked for, once its catalogue is in.
  await expect.element(probe()).toHaveTextContent(de.connectWallet)
  expect(seen.at(-1)).toBe(`de ltr ${de.connectWallet} ${de.close}`)
})

test.each([
  ['pt', 'pt-BR', 'ltr', ptBR.connectWallet],
  ['pt-BR', 'pt-BR', 'ltr', ptBR.connectWallet],
  ['zh-Hans', 'zh-CN', 'ltr', zhCN.connectWallet],
  ['ar-EG', 'ar', 'rtl', ar.connectWallet],
  ['en-GB', 'en', 'ltr', en.connectWallet],
  ['tlh', 'en', 'ltr', en.connectWallet],
])('behavior: the requested %s shows %s (%s)', async (requested, locale, dir, text) => {
  await render(<Probe requested={requested} />)
  await expect.element(probe()).toHaveAttribute('data-locale', locale)
  expect(shown()).toEqual([locale, dir, text])
})

test("behavior: without a locale or <html lang>, the user's first language the kit ships wins (zh-TW is skipped, zh-Hans read)", async () => {
  userLanguages(['zh-TW', 'zh-Hans', 'en'])
  await render(<Probe />)
  await expect.element(probe()).toHaveAttribute('data-locale', 'zh-CN')
  expect(shown()).toEqual(['zh-CN', 'ltr', zhCN.connectWallet])
})

test("behavior: a user whose first language is English (en-GB) gets English, not a later language's chunk", async () => {
  userLanguages(['en-GB', 'ar'])
  const seen: string[] = []
  await render(<Recorder seen={seen} />)
  await expect.element(probe()).toHaveTextContent(en.connectWallet)
  expect(new Set(seen)).toEqual(new Set([`en ltr ${en.connectWallet} ${en.close}`]))
})

test("behavior: the modal follows the browser's languagechange event, to Arabic and right to left", async () => {
  userLanguages(['fr-CA'])
  await render(<Probe />)
  await expect.element(probe()).toHaveTextContent(fr.connectWallet)
  Object.defineProperty(navigator, 'languages', { value: ['ar', 'fr'], configurable: true })
  window.dispatchEvent(new Event('languagechange'))
  await expect.element(probe()).toHaveAttribute('dir', 'rtl')
  expect(shown()).toEqual(['ar', 'rtl', ar.connectWallet])
})

test("behavior: the host's overrides lay over English until the language arrives, then over it", async () => {
  const overrides = { connectWallet: 'Entrar' }
  const seen: string[] = []
  await render(<Recorder requested="pt-PT" overrides={overrides} seen={seen} />)
  await expect.poll(() => seen.at(-1)).toBe(`pt-BR ltr Entrar ${ptBR.close}`)
  expect(seen[0]).toBe(`en ltr Entrar ${en.close}`)
})

test("error: a language whose chunk fails to load shows English with the kit's warning; the next mount loads it", async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { held, restore } = interceptChunk(/locales\/es\b/)
  try {
    const screen = await render(<Probe requested="es-MX" />)
    await expect.poll(() => held.length).toBe(1)
    const gone = new Error('Failed to fetch dynamically imported module')
    held[0]?.fail(gone)
    await expect.poll(() => warn.mock.calls.length).toBe(1)
    expect(warn).toHaveBeenCalledWith('[portico] Could not load the messages; showing English.', gone)
    expect(shown()).toEqual(['en', 'ltr', en.connectWallet])
    await screen.unmount()
  } finally {
    restore()
    warn.mockRestore()
  }
  // The failure is not kept: mounted again, the language is fetched and shown.
  await render(<Probe requested="es-MX" />)
  await expect.element(probe()).toHaveTextContent(es.connectWallet)
  expect(shown()).toEqual(['es', 'ltr', es.connectWallet])
})

test('behavior: switching language while a chunk loads ends in the last one asked, even when the first arrives later', async () => {
  const { held, restore } = interceptChunk(/locales\/ko\b/)
  try {
    const screen = await render(<Probe requested="ko-KR" />)
    await expect.poll(() => held.length).toBe(1)
    // The host switches to Arabic before Korean arrived; Arabic arrives first.
    await screen.rerender(<Probe requested="ar-SA" />)
    await expect.element(probe()).toHaveAttribute('data-locale', 'ar')
    held[0]?.release()
    // Korean arrives late: the modal stays in the language asked last.
    await expect.poll(async () => (await import('./locales.js')).loadedMessages('ko')).toBe(ko)
    expect(shown()).toEqual(['ar', 'rtl', ar.connectWallet])
    // Back to Korean: already here, shown at once.
    await screen.rerender(<Probe requested="ko-KR" />)
    await expect.element(probe()).toHaveTextContent(ko.connectWallet)
  } finally {
    restore()
  }
})
