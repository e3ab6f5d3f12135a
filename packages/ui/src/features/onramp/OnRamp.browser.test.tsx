// The Buy views in real Chromium against the devnet emulator (options, quotes, the checkout link)
// and the devnet chain (balances): amount limits, the quote, the checkout window (blocked, closed,
// retried) and the funds arriving.
import { createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'
import { currentCheckout } from './checkout.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  currentCheckout()?.close()
  for (const stop of cleanups.splice(0)) stop()
})

async function mountAccount() {
  const harness = await createHarness({
    connected: true,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    projectId: 'onramp-ui',
  })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper view="Account">
      <ConnectButton />
    </Wrapper>,
  )
  return harness
}

const dialog = () => page.getByRole('dialog')
const waitLong = { timeout: 15_000 }

test('Buy: Account offers Buy; the view quotes the emulator, enforces the card limits and is axe clean', async () => {
  await mountAccount()
  await userEvent.click(dialog().getByRole('button', { name: 'Buy', exact: true }))
  await expect.element(dialog().getByRole('heading', { name: 'Buy crypto' })).toBeVisible()
  await expect.element(dialog().getByLabelText('Token')).toHaveDisplayValue('USDC · Portico Devnet')
  await expect.element(dialog().getByLabelText('Pay with')).toHaveDisplayValue('Card')
  // 100 USD by card: less the 1.5% fee and the 0.50 network fee, 98 USDC.
  await expect.element(dialog().getByText('98 USDC')).toBeVisible()
  await expect.element(dialog().getByText('$100.00')).toBeVisible()
  await expectNoSeriousA11yViolations()

  // The look: the token's name has a row of its own (never clipped), the presets are padded pills
  // with their amount centred.
  const token = dialog().getByLabelText('Token').element() as HTMLSelectElement
  const row = token.closest('[data-slot="onramp-view"] > div') as HTMLElement
  expect(token.getBoundingClientRect().width).toBeGreaterThan(row.getBoundingClientRect().width - 2)
  const preset = dialog()
    .getByRole('button', { name: /^100 USD$/ })
    .element()
  expect(getComputedStyle(preset).textAlign).toBe('center')
  expect(Number.parseFloat(getComputedStyle(preset).paddingInlineStart)).toBeGreaterThanOrEqual(8)

  await userEvent.fill(dialog().getByLabelText('You pay'), '5')
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('The minimum is 10.00 USD')
  await expect.element(dialog().getByRole('button', { name: /Card or bank transfer/ })).toBeDisabled()
  await userEvent.fill(dialog().getByLabelText('You pay'), '8000')
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('The maximum is 7500.00 USD')
  // A bank transfer allows more.
  await userEvent.selectOptions(dialog().getByLabelText('Pay with'), 'ach_bank_account')
  await expect.element(dialog().getByRole('alert')).not.toBeInTheDocument()
  await expect.element(dialog().getByRole('button', { name: /Card or bank transfer/ })).toBeEnabled()
})

test('Buy: popup blocked -> the checkout link in a new tab; the funds arriving show the success state', async () => {
  const harness = await mountAccount()
  // What a popup blocker does: window.open gives nothing back.
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  await userEvent.click(dialog().getByRole('button', { name: 'Buy', exact: true }))
  await userEvent.click(dialog().getByRole('button', { name: /Card or bank transfer/ }))
  expect(open).toHaveBeenCalledTimes(1)
  await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  await expect.element(dialog().getByRole('alert')).toHaveTextContent('Your browser blocked the checkout window.')
  const link = dialog().getByRole('link', { name: 'Open the checkout in a new tab' })
  const href = new URL(link.element().getAttribute('href') ?? '')
  expect(href.origin).toBe(devnet.onrampUrl)
  expect(href.searchParams.get('walletAddress')).toBe(harness.wallet.address)
  expect(href.searchParams.get('destinationCurrencyCode')).toBe('USDC')
  expect(href.searchParams.get('presetFiatAmount')).toBe('100')
  expect(link.element().getAttribute('target')).toBe('_blank')

  // Funds arrive on chain (here a transfer from another devnet account; the e2e pays at the provider).
  const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as `0x${string}`
  const sender = createWalletClient({
    account: privateKeyToAccount(devnet.evmPrivateKeys[4] as `0x${string}`),
    transport: http(devnet.evmRpcUrl),
  })
  await sender.writeContract({
    chain: null,
    address: usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [harness.wallet.address as `0x${string}`, parseUnits('1.5', 6)],
  })
  await expect.element(dialog().getByText('Purchase complete'), waitLong).toBeVisible()
  await expect.element(dialog().getByText('1.5 USDC arrived in your wallet.')).toBeVisible()
  await expectNoSeriousA11yViolations()
  await userEvent.click(dialog().getByRole('button', { name: 'Back to account' }))
  await expect.element(dialog().getByRole('heading', { name: 'Account' })).toBeVisible()
})

test('Buy: the checkout opens in a popup; closing it says so, and Try again returns to the form', async () => {
  await mountAccount()
  await userEvent.click(dialog().getByRole('button', { name: 'Buy', exact: true }))
  await userEvent.click(dialog().getByRole('button', { name: /Card or bank transfer/ }))
  await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
  const popup = currentCheckout()
  expect(popup).not.toBeNull()
  expect(popup?.closed).toBe(false)
  // What a user closes is the provider's page. The popup opens blank (inside the click) and is then
  // pointed at the provider; a close() while that cross-origin navigation is still pending is undone
  // by Chromium when it commits (the window comes back, `closed` false again). So close it once it
  // shows the provider: its document is then out of this page's reach.
  await vi.waitFor(() => expect(() => popup?.document).toThrow(), waitLong)
  popup?.close()
  await vi.waitFor(() => expect(popup?.closed).toBe(true), waitLong)
  await expect
    .element(dialog().getByText('The checkout window was closed before the funds arrived.'), waitLong)
    .toBeVisible()
  await userEvent.click(dialog().getByRole('button', { name: 'Try again' }))
  await expect.element(dialog().getByRole('heading', { name: 'Buy crypto' })).toBeVisible()
})
