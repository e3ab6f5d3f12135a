// SwapFeatureButton (the Account view's Swap entry) in real Chromium through the test harness, the
// Swap view's tokens from the shared devnet's API: it opens the Swap form as a step of the Account
// view (Back returns), by pointer or keyboard, and is absent when the swaps feature is off. The row
// it sits in (order, no layout shift) is in account/WalletFeatures.browser.test.tsx; the Swap view
// itself in SwapView.browser.test.tsx. The button alone also checks the flag (beside the row's own filter).
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { SwapFeatureButton } from './SwapFeatureButton.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

async function openAccount(options: HarnessOptions = {}) {
  const harness = await createHarness({ connected: true, blockchainApiUrl: inject('devnet').apiUrl, ...options })
  stops.push(harness.cleanup)
  const { Wrapper } = harness
  await render(<Wrapper view="Account" />)
  await expect.element(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
}

const swapButton = () => page.getByRole('button', { name: 'Swap', exact: true })

test('behavior: Swap opens the swap form as a step of the Account view; Back returns to the account', async () => {
  await openAccount()
  await modalSettled()
  await userEvent.click(swapButton())
  await expect.element(page.getByRole('heading', { name: 'Swap' })).toBeVisible()
  // The form, on the connected devnet: the native currency pays by default.
  await expect.element(page.getByRole('textbox', { name: 'Amount' })).toBeVisible()
  await expect.poll(() => document.querySelector('[data-slot="swap-from-token"]')?.textContent).toContain('ETH')
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(swapButton()).toBeVisible()
  expect(document.querySelector('[data-slot="swap-view"]')).toBeNull()
})

test('a11y: from the keyboard, Enter on the focused Swap button opens the form', async () => {
  await openAccount()
  const button = swapButton().element() as HTMLButtonElement
  button.focus()
  expect(document.activeElement).toBe(button)
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('textbox', { name: 'Amount' })).toBeVisible()
})

test('default: with the swaps feature off there is no Swap button, while the other wallet features stay', async () => {
  await openAccount({ features: { swaps: false } })
  await expect.element(page.getByRole('button', { name: 'Receive', exact: true })).toBeVisible()
  expect(document.querySelector('[data-slot="wallet-feature-swap"]')).toBeNull()
  expect(document.querySelector('[data-slot="wallet-feature-send"]')).not.toBeNull()
})

test('default: with the blockchain API off (swaps are quoted there) there is no Swap button, while the other wallet features stay', async () => {
  await openAccount({ blockchainApiUrl: undefined })
  await expect.element(page.getByRole('button', { name: 'Receive', exact: true })).toBeVisible()
  expect(document.querySelector('[data-slot="wallet-feature-swap"]')).toBeNull()
  expect(document.querySelector('[data-slot="wallet-feature-send"]')).not.toBeNull()
})

test('default: rendered alone, the button checks the swaps flag itself: off, nothing at all, not even a placeholder', async () => {
  for (const swaps of [true, false]) {
    const harness = await createHarness({
      connected: true,
      blockchainApiUrl: inject('devnet').apiUrl,
      features: { swaps },
    })
    stops.push(harness.cleanup)
    const { Wrapper } = harness
    await render(
      <Wrapper>
        <div data-testid="host">
          <SwapFeatureButton />
        </div>
        <span data-testid="after" />
      </Wrapper>,
    )
    await expect.element(page.getByTestId('after')).toBeInTheDocument()
    if (swaps) await expect.element(swapButton()).toBeVisible()
    else expect(page.getByTestId('host').element().childElementCount).toBe(0)
    await cleanup()
  }
})
