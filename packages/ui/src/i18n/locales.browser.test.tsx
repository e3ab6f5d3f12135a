import { afterEach, describe, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../__infra__/axe.js'
import { saveScreenshot } from '../__infra__/screenshot.js'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import '../test/provided.js'
import { ar } from './locales/ar.js'
import { ja } from './locales/ja.js'
import { ko } from './locales/ko.js'
import { ptBR } from './locales/pt-BR.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
const htmlLang = document.documentElement.getAttribute('lang')
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
  if (htmlLang === null) document.documentElement.removeAttribute('lang')
  else document.documentElement.setAttribute('lang', htmlLang)
  Reflect.deleteProperty(navigator, 'languages')
})

async function mount(options: HarnessOptions = {}, view?: 'Connect' | 'Account' | 'AllWallets') {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper view={view}>
      <ConnectButton />
    </Wrapper>,
  )
  return harness
}

const dialog = () => page.getByRole('dialog')
const title = (name: string) => page.getByRole('heading', { name })
/** The `[data-portico]` element the dialog is portalled into: the modal's root. */
const modalRoot = () => dialog().element().closest('[data-portico]') as HTMLElement
const box = (slot: string) =>
  (document.querySelector(`[data-slot="${slot}"]`) as HTMLElement).getBoundingClientRect() as DOMRect

describe.each([
  ['ar', ar, 'rtl'],
  ['ja', ja, 'ltr'],
] as const)('%s', (locale, messages, dir) => {
  test(`Connect and Account views in ${locale}: its text, dir=${dir}, the close button on the ${dir === 'rtl' ? 'left' : 'right'}`, async () => {
    for (const [view, options, heading] of [
      ['Connect', { extraWallets: 3 }, messages.titleConnect],
      // The blockchain API on, as by default: the Account view's three tabs are there.
      ['Account', { connected: true, blockchainApiUrl: devnet.apiUrl }, messages.titleAccount],
    ] as const) {
      await mount({ ...options, ui: { locale } }, view)
      await expect.element(title(heading)).toBeVisible()
      const root = modalRoot()
      expect(root.getAttribute('dir')).toBe(dir)
      expect(root.getAttribute('lang')).toBe(locale)
      expect(getComputedStyle(dialog().element()).direction).toBe(dir)
      // The close button is labelled in the language and sits at the inline end of the header:
      // the left edge of the dialog right to left, the right edge left to right.
      await expect.element(page.getByRole('button', { name: messages.close })).toBeVisible()
      const close = box('modal-close')
      const frame = dialog().element().getBoundingClientRect()
      const middle = frame.left + frame.width / 2
      if (dir === 'rtl') expect(close.right).toBeLessThan(middle)
      else expect(close.left).toBeGreaterThan(middle)
      if (view === 'Account') {
        await expect.element(page.getByRole('button', { name: messages.disconnect })).toBeVisible()
        await expect.element(page.getByRole('button', { name: messages.copyAddress })).toBeVisible()
        // The tabs and the token list mirror too: the first tab is at the inline start.
        const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) =>
          tab.getBoundingClientRect(),
        )
        expect(tabs).toHaveLength(3)
        const [first, , last] = tabs as [DOMRect, DOMRect, DOMRect]
        if (dir === 'rtl') expect(first.left).toBeGreaterThan(last.left)
        else expect(first.left).toBeLessThan(last.left)
      } else {
        await expect.element(page.getByText(messages.badgeInstalled).first()).toBeVisible()
        await expect.element(page.getByRole('button', { name: new RegExp(messages.allWallets) })).toBeVisible()
      }
      await expect
        .poll(() => document.querySelector('[data-slot="modal-body"] > [data-slot]')?.getAttribute('data-slot'))
        .toMatch(/-view$/)
      await expectNoSeriousA11yViolations(dialog().element())
      await saveScreenshot(`i18n/${view.toLowerCase()}-${locale}`)
      await cleanup()
      for (const stop of cleanups.splice(0)) stop()
    }
  })
})

test('right to left, the back arrow is mirrored and sits on the right', async () => {
  await mount({ extraWallets: 8, ui: { locale: 'ar' } }, 'Connect')
  await userEvent.click(page.getByRole('button', { name: new RegExp(ar.allWallets) }))
  await expect.element(title(ar.titleAllWallets)).toBeVisible()
  const back = page.getByRole('button', { name: ar.back }).element()
  const frame = dialog().element().getBoundingClientRect()
  expect(back.getBoundingClientRect().left).toBeGreaterThan(frame.left + frame.width / 2)
  const path = back.querySelector('[data-icon="back"] > path') as SVGPathElement
  expect(new DOMMatrix(getComputedStyle(path).transform).a).toBe(-1)
  await saveScreenshot('i18n/all-wallets-ar')
})

test('left to right nothing is mirrored', async () => {
  await mount({ extraWallets: 8, ui: { locale: 'ja' } }, 'Connect')
  await userEvent.click(page.getByRole('button', { name: new RegExp(ja.allWallets) }))
  const back = page.getByRole('button', { name: ja.back }).element()
  await expect.element(back).toBeVisible()
  expect(getComputedStyle(back.querySelector('path') as SVGPathElement).transform).toBe('none')
})

test("the host's messages win over the locale's", async () => {
  await mount({ ui: { locale: 'ja', messages: { titleConnect: 'ようこそ' } } }, 'Connect')
  await expect.element(title('ようこそ')).toBeVisible()
  await expect.element(page.getByRole('button', { name: ja.close })).toBeVisible()
})

test('by default the locale follows <html lang>', async () => {
  document.documentElement.setAttribute('lang', 'ko-KR')
  await mount()
  await expect.element(page.getByRole('button', { name: ko.connectWallet })).toBeVisible()
})

test('a site that switches its <html lang> switches the modal with it', async () => {
  document.documentElement.setAttribute('lang', 'en')
  await mount()
  await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  document.documentElement.setAttribute('lang', 'ja')
  await expect.element(page.getByRole('button', { name: ja.connectWallet })).toBeVisible()
})

test('without <html lang> it follows navigator.languages (best fit: pt → pt-BR)', async () => {
  document.documentElement.removeAttribute('lang')
  Object.defineProperty(navigator, 'languages', { value: ['pt-PT', 'en'], configurable: true })
  await mount()
  await expect.element(page.getByRole('button', { name: ptBR.connectWallet })).toBeVisible()
})

test('an unknown locale is English', async () => {
  await mount({ ui: { locale: 'tlh' } }, 'Connect')
  await expect.element(title('Connect Wallet')).toBeVisible()
  expect(modalRoot().getAttribute('dir')).toBe('ltr')
})
