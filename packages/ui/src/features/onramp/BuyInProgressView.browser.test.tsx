// The purchase in progress (BuyInProgressView) in real Chromium, with the wallet's balance as the
// query cache holds it (seeded, then changed the way a poll would change it): the wait ends only
// when the bought token grows past the baseline (or, without one, past the first balance read),
// and the balance poll stops then; the closed window is noticed on coming back to the page; Reopen
// opens the window inside the click (one on a double click) or, blocked, offers the link; leaving
// the view stops its watch. The blocked popup's link, closing a real provider window and the
// funds arriving on chain are in OnRamp.browser.test.tsx; the e2e purchase in tests/e2e/onramp.test.ts.
import { balanceQueryOptions, type TokenBalance } from '@portico/headless'
import { useEffect } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { createHarness } from '../../test/harness.js'
import { opened, recordPopups, restorePopups } from '../../test/popups.js'
import { currentCheckout, openCheckout } from './checkout.js'
import type { BuyInProgressData } from './views.js'

const cleanups: (() => void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
  restorePopups()
  currentCheckout()?.close()
  for (const stop of cleanups.splice(0)) stop()
})

const usdcAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = (numeric: string): TokenBalance => ({
  name: 'USD Coin (Devnet)',
  symbol: 'USDC',
  address: usdcAddress,
  chainId: 'eip155:31337',
  quantity: { decimals: '6', numeric },
})
const ether: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric: '1' },
}

/** A same-origin checkout link (what the window shows does not matter here). */
const checkoutUrl = `${location.origin}/__portico_checkout_test__/?purchase=1`

let modal: ReturnType<typeof usePorticoUI>['modal'] | undefined

/** The Buy form with the in-progress view over it, as the form's provider button leaves them. */
function OpenInProgress({ data }: { data: BuyInProgressData }) {
  const ui = usePorticoUI('OpenInProgress')
  modal = ui.modal
  useEffect(() => {
    ui.modal.open({ view: 'OnRampProviders' })
    ui.modal.push({ view: 'BuyInProgress', data })
  }, [ui.modal, data])
  return null
}

async function mount(data: Partial<BuyInProgressData> = {}, balances: TokenBalance[] = [ether, usdc('10000')]) {
  // No chain and no service (closed loopback ports): the balance is what the cache holds (the
  // refetches fail and keep it); the form under the view falls back to the sample options.
  const harness = await createHarness({ connected: true, balances, blockchainApiUrl: 'http://127.0.0.1:9' })
  cleanups.push(harness.cleanup)
  const full: BuyInProgressData = {
    url: checkoutUrl,
    popupBlocked: false,
    token: { symbol: 'USDC', address: usdcAddress },
    ...data,
  }
  await render(
    <harness.Wrapper>
      <OpenInProgress data={full} />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  const key = balanceQueryOptions(harness.portico, {
    address: harness.wallet.address,
    caipNetworkId: 'eip155:31337',
  }).queryKey
  const query = () => harness.queryClient.getQueryCache().find({ queryKey: key, exact: true })
  return {
    harness,
    /** The balance changes, as the next poll would read it. */
    setUsdc: (numeric: string) => harness.queryClient.setQueryData(key, [ether, usdc(numeric)]),
    /** Whether a mounted view still polls the balance (an observer with the 2 s interval). */
    polling: () => (query()?.observers ?? []).some((o) => o.options.refetchInterval === 2_000),
  }
}

const waiting = () => document.querySelector('[data-slot="onramp-in-progress"]')
const success = () => page.getByText('Purchase complete')

/** Lets the view render the cache's newest value: it reads the same cache as this probe. */
async function settledOn(harness: Awaited<ReturnType<typeof mount>>['harness'], numeric: string) {
  const key = balanceQueryOptions(harness.portico, {
    address: harness.wallet.address,
    caipNetworkId: 'eip155:31337',
  }).queryKey
  await expect
    .poll(() => (harness.queryClient.getQueryData(key) as TokenBalance[])?.find((b) => b.address)?.quantity.numeric)
    .toBe(numeric)
  // One frame for React to commit the render that followed.
  await new Promise(requestAnimationFrame)
}

test('behavior: the bought token growing past the baseline ends the wait with the amount that arrived, and the poll stops', async () => {
  const { setUsdc, polling } = await mount({ baseline: '10000' })
  await expect.poll(polling).toBe(true)
  setUsdc('10012.5')
  await expect.element(success()).toBeVisible()
  await expect.element(page.getByRole('dialog').getByRole('status')).toHaveTextContent('Purchase complete')
  await expect.element(page.getByText('12.5 USDC arrived in your wallet.')).toBeVisible()
  expect(waiting()).toBeNull()
  // The poll is over: no observer reads the balance every 2 s any more.
  await expect.poll(polling).toBe(false)
  // A later read does not reopen the wait or change what arrived.
  setUsdc('10000')
  await expect.element(page.getByText('12.5 USDC arrived in your wallet.')).toBeVisible()
})

test('edge: a balance equal to or below the baseline is not an arrival; the wait goes on until it grows', async () => {
  const { harness, setUsdc, polling } = await mount({ baseline: '10000' })
  for (const numeric of ['10000', '9000', '10000.000000']) {
    setUsdc(numeric)
    await settledOn(harness, numeric)
    expect(waiting(), numeric).not.toBeNull()
    expect(document.querySelector('[data-slot="onramp-success"]'), numeric).toBeNull()
  }
  expect(polling()).toBe(true)
  setUsdc('10001')
  await expect.element(page.getByText('1 USDC arrived in your wallet.')).toBeVisible()
})

test('behavior: without a baseline the first balance read stands in: the wait ends on growth past it, not on the balance already held', async () => {
  const { harness, setUsdc } = await mount({ baseline: undefined })
  await settledOn(harness, '10000')
  expect(waiting()).not.toBeNull()
  setUsdc('10005')
  await expect.element(page.getByText('5 USDC arrived in your wallet.')).toBeVisible()
})

test('behavior: a closed checkout window is noticed on coming back to the page; Reopen opens it again inside the click and the notice goes', async () => {
  const first = openCheckout() as Window
  await mount()
  first.close()
  await expect.poll(() => first.closed).toBe(true)
  // Coming back to the page (its window regains focus): checked at once, no timer waited for.
  window.dispatchEvent(new Event('focus'))
  const notice = page.getByText('The checkout window was closed before the funds arrived.')
  await expect.element(notice).toBeVisible()
  expect(waiting()?.getAttribute('data-state')).toBe('closed')

  recordPopups()
  const open = vi.spyOn(window, 'open')
  await userEvent.click(page.getByRole('button', { name: 'Reopen the checkout' }))
  expect(opened.map((o) => o.during)).toEqual(['click'])
  expect(open.mock.calls[0]?.[0]).toBe(checkoutUrl)
  expect(currentCheckout()).toBe(opened[0]?.popup)
  await expect.element(notice).not.toBeInTheDocument()
  expect(waiting()?.getAttribute('data-state')).toBe('waiting')
})

test('edge: Reopen pressed twice quickly opens one window', async () => {
  const first = openCheckout() as Window
  await mount()
  first.close()
  await expect.poll(() => first.closed).toBe(true)
  recordPopups()
  await userEvent.dblClick(page.getByRole('button', { name: 'Reopen the checkout' }))
  expect(opened).toHaveLength(1)
  expect(opened[0]?.popup?.closed).toBe(false)
})

test('error: a blocked reopen shows the blocked alert and offers the link in a new tab instead, with no opener', async () => {
  const first = openCheckout() as Window
  await mount()
  first.close()
  await expect.poll(() => first.closed).toBe(true)
  window.dispatchEvent(new Event('focus'))
  await expect.element(page.getByText('The checkout window was closed before the funds arrived.')).toBeVisible()
  recordPopups({ block: true })
  await userEvent.click(page.getByRole('button', { name: 'Reopen the checkout' }))
  await expect.element(page.getByRole('alert')).toHaveTextContent('Your browser blocked the checkout window.')
  const link = page.getByRole('link', { name: 'Open the checkout in a new tab' })
  await expect.element(link).toHaveAttribute('href', checkoutUrl)
  await expect.element(link).toHaveAttribute('target', '_blank')
  expect(link.element().getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
  expect(document.querySelector('[data-slot="onramp-reopen"]')).toBeNull()
  expect(document.querySelector('[data-slot="onramp-popup-closed"]')).toBeNull()
})

test('default: blocked from the start, no window is watched: coming back never says it was closed', async () => {
  const setInterval = vi.spyOn(window, 'setInterval')
  await mount({ popupBlocked: true })
  await expect.element(page.getByRole('link', { name: 'Open the checkout in a new tab' })).toBeVisible()
  window.dispatchEvent(new Event('focus'))
  document.dispatchEvent(new Event('visibilitychange'))
  expect(document.querySelector('[data-slot="onramp-popup-closed"]')).toBeNull()
  expect(setInterval.mock.calls.filter(([, ms]) => ms === 1_000)).toEqual([])
})

test('behavior: leaving the view (Try again) stops its work: the window watch and the balance poll', async () => {
  const added = vi.spyOn(window, 'addEventListener')
  const removed = vi.spyOn(window, 'removeEventListener')
  const setInterval = vi.spyOn(window, 'setInterval')
  const clearInterval = vi.spyOn(window, 'clearInterval')
  const { polling } = await mount()
  const watch = added.mock.calls.find(([type]) => type === 'focus')?.[1]
  expect(watch).toBeDefined()
  const timers = setInterval.mock.results.filter((_, i) => setInterval.mock.calls[i]?.[1] === 1_000)
  expect(timers.length).toBeGreaterThan(0)
  await expect.poll(polling).toBe(true)

  await userEvent.click(page.getByRole('button', { name: 'Try again' }))
  await expect.element(page.getByRole('heading', { name: 'Buy crypto' })).toBeVisible()
  expect(removed.mock.calls.some(([type, listener]) => type === 'focus' && listener === watch)).toBe(true)
  for (const timer of timers) expect(clearInterval).toHaveBeenCalledWith(timer.value)
  await expect.poll(polling).toBe(false)
  expect(modal?.navigation.get().history.map((e) => e.view)).toEqual(['OnRampProviders'])
})
