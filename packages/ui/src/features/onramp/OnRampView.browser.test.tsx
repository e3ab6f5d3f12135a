// The Buy form (OnRampView) in real Chromium against the devnet emulator: the spec's card and bank
// limits at their exact edges in USD and EUR with the spec's texts, bad amounts, presets, what the
// checkout link is asked for, the checkout window opened inside the click (one on a double click)
// and closed again when the link cannot be had. The quote's figures, the keyboard pickers, Arabic
// layout, the blocked popup's link and the funds arriving are in OnRamp.browser.test.tsx; the
// window helpers in checkout.browser.test.tsx; the e2e purchase in tests/e2e/onramp.test.ts.
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { holdRequests } from '../../test/holdRequests.js'
import { modalSettled } from '../../test/modalSettled.js'
import { onAnotherOrigin, opened, recordPopups, restorePopups } from '../../test/popups.js'
import '../../test/provided.js'
import { setHostedFault } from '../../test/devnetApi.js'
import { currentCheckout } from './checkout.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
const downProject = 'onramp-view-down'

afterEach(async () => {
  await cleanup()
  restorePopups()
  currentCheckout()?.close()
  for (const stop of cleanups.splice(0)) stop()
})

const setDown = (hosted: 'ok' | 500 | 'reset') => setHostedFault(downProject, hosted)

const dialog = () => page.getByRole('dialog')
const amount = () => dialog().getByLabelText('You pay')
const provider = () => dialog().getByRole('button', { name: /Card or bank transfer/ })
const amountError = () => document.querySelector('[data-slot="onramp-amount-error"]')
const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')

/** The Buy view opened on its own, connected to the devnet; `fetch` is the instance's. */
async function openBuy(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    projectId: 'onramp-view',
    ...options,
  })
  cleanups.push(harness.cleanup)
  await render(<harness.Wrapper view="OnRampProviders" />)
  await expect.element(dialog().getByRole('combobox', { name: 'Token' })).toHaveTextContent('USDC · Portico Devnet')
  return harness
}

/** Types `value` and reads what the form says of it: its error text (or null) and the button. */
async function tryAmount(value: string) {
  await userEvent.fill(amount(), value)
  await expect.element(amount()).toHaveValue(value.replace(',', '.'))
  return {
    error: amountError()?.textContent ?? null,
    invalid: amount().element().getAttribute('aria-invalid'),
    enabled: !(provider().element() as HTMLButtonElement).disabled,
  }
}

test('behavior: the spec card limits at their exact edges in USD: 10.00 and 7500.00 pass, 9.99 and 7500.01 are refused with the spec text', async () => {
  await openBuy()
  expect(await tryAmount('10')).toEqual({ error: null, invalid: 'false', enabled: true })
  expect(await tryAmount('9.99')).toEqual({ error: 'The minimum is 10.00 USD', invalid: 'true', enabled: false })
  expect(await tryAmount('7500')).toEqual({ error: null, invalid: 'false', enabled: true })
  expect(await tryAmount('7500.01')).toEqual({ error: 'The maximum is 7500.00 USD', invalid: 'true', enabled: false })
  expect(await tryAmount('10.00')).toEqual({ error: null, invalid: 'false', enabled: true })
})

test('a11y: the amount error is an alert tied to the field, and goes with the error', async () => {
  await openBuy()
  await userEvent.fill(amount(), '5')
  const alert = dialog().getByRole('alert')
  await expect.element(alert).toHaveTextContent('The minimum is 10.00 USD')
  const id = alert.element().id
  expect(id).not.toBe('')
  await expect.element(amount()).toHaveAttribute('aria-describedby', id)
  await expect.element(amount()).toHaveAccessibleDescription('The minimum is 10.00 USD')
  await userEvent.fill(amount(), '50')
  await expect.element(alert).not.toBeInTheDocument()
  expect(amount().element().hasAttribute('aria-describedby')).toBe(false)
})

test('edge: an empty field, zero, a negative, words, Infinity and a huge exponent all say the minimum; a comma decimal is read as a point', async () => {
  await openBuy()
  for (const value of ['', ' ', '0', '-50', 'abc', 'Infinity', '1e400', '.'])
    expect(await tryAmount(value), JSON.stringify(value)).toEqual({
      error: 'The minimum is 10.00 USD',
      invalid: 'true',
      enabled: false,
    })
  // 10,5 is 10.5 (a comma keyboard), inside the limits.
  expect(await tryAmount('10,5')).toEqual({ error: null, invalid: 'false', enabled: true })
  expect(await tryAmount('9,99')).toMatchObject({ error: 'The minimum is 10.00 USD', enabled: false })
})

test('behavior: in EUR the texts name EUR; a bank transfer goes up to 25000.00 exactly, not a cent more', async () => {
  await openBuy()
  await userEvent.click(dialog().getByRole('combobox', { name: 'Currency' }))
  await userEvent.click(dialog().getByRole('option', { name: 'EUR' }))
  await expect.element(dialog().getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR')
  expect(await tryAmount('9.99')).toMatchObject({ error: 'The minimum is 10.00 EUR', enabled: false })
  expect(await tryAmount('7500.01')).toMatchObject({ error: 'The maximum is 7500.00 EUR', enabled: false })
  await userEvent.click(dialog().getByRole('combobox', { name: 'Pay with' }))
  await userEvent.click(dialog().getByRole('option', { name: 'Bank transfer' }))
  await expect.element(dialog().getByRole('combobox', { name: 'Pay with' })).toHaveTextContent('Bank transfer')
  // The card's error went with the card: the bank's limit is higher.
  await expect.element(dialog().getByRole('alert')).not.toBeInTheDocument()
  expect(await tryAmount('25000')).toEqual({ error: null, invalid: 'false', enabled: true })
  expect(await tryAmount('25000.01')).toEqual({
    error: 'The maximum is 25000.00 EUR',
    invalid: 'true',
    enabled: false,
  })
  expect(await tryAmount('9.99')).toMatchObject({ error: 'The minimum is 10.00 EUR' })
})

test('behavior: a preset fills the amount, is the one pressed and clears an amount error', async () => {
  await openBuy()
  const presets = dialog().getByRole('group', { name: 'Preset amounts' })
  // The default amount is the 100 preset.
  await expect.element(presets.getByRole('button', { name: '100 USD' })).toHaveAttribute('aria-pressed', 'true')
  await userEvent.fill(amount(), '5')
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('The minimum is 10.00 USD')
  for (const button of presets.getByRole('button').elements())
    expect(button.getAttribute('aria-pressed'), button.textContent ?? '').toBe('false')
  await userEvent.click(presets.getByRole('button', { name: '20 USD' }))
  await expect.element(amount()).toHaveValue('20')
  await expect.element(dialog().getByRole('alert')).not.toBeInTheDocument()
  await expect.element(presets.getByRole('button', { name: '20 USD' })).toHaveAttribute('aria-pressed', 'true')
  await expect.element(presets.getByRole('button', { name: '100 USD' })).toHaveAttribute('aria-pressed', 'false')
  await expect.element(provider()).toBeEnabled()
})

/** An instance fetch that records the bodies of the checkout-link requests (and sends them on). */
function recordLinkRequests() {
  const bodies: Record<string, unknown>[] = []
  const fetchRecorded: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/v1/generators/onrampurl')) bodies.push(JSON.parse(String(init?.body)))
    return fetch(input, init)
  }
  return { bodies, fetch: fetchRecorded }
}

test('behavior: the checkout link is asked for the typed amount (a comma read as a point) on the chosen token network, and the window goes there', async () => {
  const links = recordLinkRequests()
  const harness = await openBuy({ fetch: links.fetch })
  recordPopups()
  await userEvent.fill(amount(), '42,5')
  await modalSettled()
  await userEvent.click(provider())
  await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  expect(links.bodies).toHaveLength(1)
  expect(links.bodies[0]).toMatchObject({ defaultNetwork: 'portico-devnet', presetFiatAmount: 42.5 })
  expect(JSON.stringify(links.bodies[0])).toContain(harness.wallet.address)
  // The window opened in the click was pointed at the provider's checkout for that amount.
  const popup = opened[0]?.popup as Window
  await expect.poll(() => onAnotherOrigin(popup), { timeout: 15_000 }).toBe(true)
})

test('behavior: the checkout window opens inside the click, blank, before the link exists; the button waits meanwhile', async () => {
  const links = holdRequests('/v1/generators/onrampurl')
  await openBuy({ fetch: links.fetch })
  recordPopups()
  await modalSettled()
  await userEvent.click(provider())
  expect(opened).toHaveLength(1)
  expect(opened[0]?.during).toBe('click')
  expect(opened[0]?.popup).not.toBeNull()
  await expect.poll(() => links.held).toBe(1)
  await expect.element(provider()).toBeDisabled()
  // Nothing moved on yet: the form waits for the link.
  expect(view()).toBe('OnRampProviders')
  links.release()
  await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  expect(opened).toHaveLength(1)
  expect(currentCheckout()).toBe(opened[0]?.popup)
})

test('edge: a double click on the provider opens one window, asks for one link and shows one in-progress view', async () => {
  const links = holdRequests('/v1/generators/onrampurl')
  await openBuy({ fetch: links.fetch })
  recordPopups()
  await modalSettled()
  await userEvent.dblClick(provider())
  await expect.poll(() => links.held).toBeGreaterThan(0)
  expect(links.held).toBe(1)
  expect(opened.filter((o) => o.popup !== null).length).toBeLessThanOrEqual(1)
  expect(new Set(opened.map((o) => o.popup)).size).toBe(1)
  links.release()
  await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  // One in-progress view on the form: Try again is back on the form, not on a second one.
  await modalSettled()
  await userEvent.click(dialog().getByRole('button', { name: 'Try again' }))
  await expect.element(dialog().getByRole('heading', { name: 'Buy crypto' })).toBeVisible()
  expect(view()).toBe('OnRampProviders')
})

test('behavior: closing the modal while the link is asked for gives the purchase up: the blank window closes, no in-progress view comes', async () => {
  const links = holdRequests('/v1/generators/onrampurl')
  await openBuy({ fetch: links.fetch })
  recordPopups()
  await modalSettled()
  await userEvent.click(provider())
  await expect.poll(() => links.held).toBe(1)
  await userEvent.click(dialog().getByRole('button', { name: 'Close' }))
  await expect.element(dialog()).not.toBeInTheDocument()
  links.release()
  // The link's arrival is what closes the window: by then the view it would have pushed is not there.
  const popup = opened[0]?.popup as Window
  await expect.poll(() => popup.closed).toBe(true)
  expect(view()).not.toBe('BuyInProgress')
})

test('error: the link service failing closes the blank window, says so and stays on the form', async () => {
  await setDown(500)
  cleanups.push(() => void setDown('ok'))
  await openBuyDown()
  recordPopups()
  await modalSettled()
  await userEvent.click(provider())
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('Could not reach the provider. Try again.')
  expect(opened).toHaveLength(1)
  const popup = opened[0]?.popup as Window
  await expect.poll(() => popup.closed).toBe(true)
  expect(view()).toBe('OnRampProviders')
  // The form is usable again: the button is back.
  await expect.element(provider()).toBeEnabled()
})

/** The Buy view for the project whose hosted service is down: the spec's sample options stand in. */
async function openBuyDown() {
  const harness = await createHarness({
    connected: true,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    projectId: downProject,
  })
  cleanups.push(harness.cleanup)
  await render(<harness.Wrapper view="OnRampProviders" />)
  await expect.element(dialog().getByText('Live options are unavailable; showing the default options.')).toBeVisible()
}

test('error: a blocked popup and a failing link: nothing to close, the error shows, nothing moves on', async () => {
  await setDown(500)
  cleanups.push(() => void setDown('ok'))
  await openBuyDown()
  recordPopups({ block: true })
  await modalSettled()
  await userEvent.click(provider())
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('Could not reach the provider. Try again.')
  expect(opened.map((o) => o.popup)).toEqual([null])
  expect(view()).toBe('OnRampProviders')
})
