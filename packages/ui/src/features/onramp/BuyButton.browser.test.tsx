// BuyButton (the Account view's Buy entry) in real Chromium with the Devnet Wallet connected: it
// pushes the on-ramp view over Account (Back returns there), works from the keyboard, is absent
// while the onramp feature is off or the visitor's time zone is a restricted one (the other
// features' buttons still show, the row is not held back), and reads the chosen language. The Buy
// views themselves (quotes, limits, the checkout) are in OnRamp.browser.test.tsx and
// OnRampView.browser.test.tsx; the row's timing in account/WalletFeatures.browser.test.tsx; the
// demo site's Buy in tests/e2e/onramp.test.ts.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import { BuyButton } from './BuyButton.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
const wait = { timeout: 15_000 }
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
const buy = () => page.getByRole('dialog').getByRole('button', { name: 'Buy', exact: true })
const featureSlots = () =>
  [...document.querySelectorAll<HTMLElement>('[data-slot="wallet-features"] button')].map((b) => b.dataset.slot)

/** The Account view, connected; the on-ramp view it opens reads the devnet emulator (loopback only). */
async function mountAccount(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    projectId: 'buy-button-ui',
    ...options,
  })
  cleanups.push(harness.cleanup)
  await render(<harness.Wrapper view="Account" />)
  await accountViewSettled()
  return harness
}

test('behavior: Buy pushes the on-ramp view over Account; Back returns to Account with Buy still there', async () => {
  await mountAccount()
  await expect.element(buy()).toBeVisible()
  expect(buy().element().getAttribute('type')).toBe('button')
  await userEvent.click(buy())
  await expect.element(page.getByRole('heading', { name: 'Buy crypto' }), wait).toBeVisible()
  expect(view()).toBe('OnRampProviders')
  // The view's quote rows arrive after its heading and grow the centred dialog, moving Back: a
  // press and a release on different spots make no click.
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.poll(view, wait).toBe('Account')
  await expect.element(page.getByRole('dialog')).toBeVisible()
  await expect.element(buy()).toBeVisible()
})

test('a11y: focused from the keyboard, Enter opens the on-ramp view', async () => {
  await mountAccount()
  await expect.element(buy()).toBeVisible()
  ;(buy().element() as HTMLButtonElement).focus()
  expect(document.activeElement).toBe(buy().element())
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('heading', { name: 'Buy crypto' }), wait).toBeVisible()
  expect(view()).toBe('OnRampProviders')
})

test('default: with the onramp feature off there is no Buy; the other features show, in order', async () => {
  await mountAccount({ features: { onramp: false } })
  await expect.element(page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  expect(buy().query()).toBeNull()
  expect(document.querySelector('[data-slot="wallet-feature-buy"]')).toBeNull()
  expect(featureSlots()).toEqual(['wallet-feature-swap', 'wallet-feature-receive', 'wallet-feature-send'])
  const row = document.querySelector('[data-slot="wallet-features"]') as HTMLElement
  expect(getComputedStyle(row).visibility).toBe('visible')
})

test('default: placed on its own (outside the Account view’s row), it still renders nothing while the feature is off', async () => {
  for (const onramp of [true, false]) {
    const harness = await createHarness({ connected: true, features: { onramp } })
    await render(
      <harness.Wrapper>
        <span data-testid="before" />
        <BuyButton />
      </harness.Wrapper>,
    )
    await expect.element(page.getByTestId('before')).toBeInTheDocument()
    if (onramp) await expect.element(page.getByRole('button', { name: 'Buy', exact: true }), wait).toBeVisible()
    else {
      // The text's catalogue is not even asked for: nothing pending, nothing shown.
      expect(document.querySelector('[data-slot="wallet-feature-buy"]')).toBeNull()
      expect(document.querySelector('[data-pending]')).toBeNull()
    }
    await cleanup()
    harness.cleanup()
  }
})

test('edge: in a restricted time zone (Asia/Shanghai) there is no Buy, though the feature is on', async () => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'Asia/Shanghai' }
  })
  await mountAccount({ features: { onramp: true } })
  await expect.element(page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  expect(document.querySelector('[data-slot="wallet-feature-buy"]')).toBeNull()
  expect(featureSlots()[0]).toBe('wallet-feature-swap')
})

test('default: in German the entry reads "Kaufen" and opens the on-ramp view', async () => {
  await mountAccount({ ui: { locale: 'de' } })
  const kaufen = page.getByRole('dialog').getByRole('button', { name: 'Kaufen', exact: true })
  await expect.element(kaufen, wait).toBeVisible()
  await userEvent.click(kaufen)
  await expect.poll(view, wait).toBe('OnRampProviders')
})
