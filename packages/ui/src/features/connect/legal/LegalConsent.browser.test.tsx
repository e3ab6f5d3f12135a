// The host's terms and privacy policy in the Connect view: with the legalCheckbox feature, every
// way to connect waits for the box (pointer and keyboard alike); without it, a line says so.
import { getConnection } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../../test/harness.js'
import { modalSettled } from '../../../test/modalSettled.js'
import { renderConnectButton } from '../../../test/renderConnectButton.js'
import '../../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

const legal = { termsConditionsUrl: 'https://host.example/terms', privacyPolicyUrl: 'https://host.example/privacy' }

async function open(options: HarnessOptions) {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ...options })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return harness
}

const wallet = () => page.getByRole('button', { name: /Devnet Wallet/ })

test('with the checkbox on, the wallets wait until the user agrees, then connect; the links open the pages', async () => {
  const harness = await open({ legal, features: { legalCheckbox: true } })
  const box = page.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy' })
  await expect.element(box).toBeVisible()
  await expect.element(wallet()).toBeDisabled()
  await expect
    .element(page.getByRole('link', { name: 'Terms of Service' }))
    .toHaveAttribute('href', legal.termsConditionsUrl)
  const privacy = page.getByRole('link', { name: 'Privacy Policy' })
  await expect.element(privacy).toHaveAttribute('href', legal.privacyPolicyUrl)
  await expect.element(privacy).toHaveAttribute('target', '_blank')
  await expect.element(privacy).toHaveAttribute('rel', 'noopener noreferrer')
  // A click on the disabled row connects nothing.
  ;(wallet().element() as HTMLButtonElement).click()
  expect(getConnection(harness.portico).status).toBe('disconnected')
  await modalSettled()
  await userEvent.click(box)
  await expect.element(wallet()).toBeEnabled()
  await userEvent.click(wallet())
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 30_000 }).toBe(true)
})

test('keyboard only: from the Connect button, Tab reaches the box (the waiting wallets are skipped), Space ticks it, Tab reaches a wallet, Enter connects', async () => {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, legal, features: { legalCheckbox: true } })
  const focused = () => document.activeElement as HTMLElement | null
  /** Presses Tab until `reached` holds for the focused element; returns every element focused on the way. */
  async function tabTo(reached: (element: HTMLElement) => boolean) {
    const path: HTMLElement[] = []
    for (let presses = 0; presses < 30; presses++) {
      await userEvent.tab()
      const element = focused()
      if (!element) continue
      path.push(element)
      if (reached(element)) return path
    }
    throw new Error(`Tab never reached it; focus went through ${path.map((e) => e.outerHTML.slice(0, 60)).join(' | ')}`)
  }
  const isWallet = (element: HTMLElement) =>
    /Devnet Wallet/.test(element.textContent ?? '') && element.tagName === 'BUTTON'
  await tabTo((element) => element.textContent === 'Connect Wallet')
  await userEvent.keyboard('{Enter}')
  const box = page.getByRole('checkbox')
  await expect.element(box).toBeVisible()
  await tabTo((element) => element === box.element())
  // A whole round of the dialog (its focus is trapped) from the box back to it: no wallet on the way.
  const round = await tabTo((element) => element === box.element())
  expect(round.length).toBeGreaterThan(1)
  expect(round.filter(isWallet)).toEqual([])
  await userEvent.keyboard(' ')
  await expect.element(box).toBeChecked()
  await tabTo(isWallet)
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => getConnection(harness.portico).isConnected, { timeout: 30_000 }).toBe(true)
})

test('the agreement lasts while the modal lives: closing and opening it again does not ask again', async () => {
  await open({ legal, features: { legalCheckbox: true } })
  await modalSettled()
  await userEvent.click(page.getByRole('checkbox'))
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('checkbox')).toBeChecked()
  await expect.element(wallet()).toBeEnabled()
})

test('without the checkbox, a line says connecting agrees; with one URL, only that document', async () => {
  await open({ legal: { termsConditionsUrl: legal.termsConditionsUrl } })
  const notice = page.getByText('By connecting your wallet, you agree to the Terms of Service.')
  await expect.element(notice).toBeVisible()
  await expect.element(wallet()).toBeEnabled()
  expect(page.getByRole('checkbox').query()).toBeNull()
  expect(page.getByRole('link', { name: 'Privacy Policy' }).query()).toBeNull()
})

test('in Arabic the sentence and its links are translated', async () => {
  // Opened on mount: the Connect button's own label turns Arabic once its catalogue arrives, so a
  // click by its English name would race that.
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    legal,
    features: { legalCheckbox: true },
    ui: { locale: 'ar' },
  })
  cleanups.push(harness.cleanup)
  await render(<harness.Wrapper view="Connect" />)
  await expect.element(page.getByRole('link', { name: 'شروط الخدمة' })).toBeVisible()
  await expect.element(page.getByRole('link', { name: 'سياسة الخصوصية' })).toBeVisible()
})

test('no URL, no line and no checkbox, even with the feature on', async () => {
  await open({ features: { legalCheckbox: true } })
  await expect.element(wallet()).toBeEnabled()
  expect(page.getByRole('checkbox').query()).toBeNull()
  expect(document.querySelector('[data-slot="legal-notice"]')).toBeNull()
})
