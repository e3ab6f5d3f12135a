// The journey's other steps as analytics events, checked on the wire as in
// analyticsJourney.browser.test.tsx: a refused connection, signing, sending, swapping and buying,
// each done and refused, against the devnet (anvil, the API emulator's convert and on-ramp routes,
// its analytics recorder). Each step runs twice, with analytics on (its events, in order, with the
// spec's payload) and off (nothing reaches the recorder, not even INITIALIZE).
import { getConnection, useSignMessage } from '@portico/headless'
import type { ReactNode } from 'react'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render, renderHook } from 'vitest-browser-react'
import { ConnectButton } from '../buttons/ConnectButton.js'
import { currentCheckout } from '../features/onramp/checkout.js'
import { expectNothingSent, expectSteps, type WireEvent } from '../test/analyticsEvents.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { accountViewSettled } from '../test/modalSettled.js'
import type { ModalView, ModalViewWithData } from '../useModal.js'
import '../test/provided.js'
import { devnetClient as chain, freshFundedKey, tokenBalance, devnetUsdc as usdc } from '../test/devnetChain.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  currentCheckout()?.close()
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const dialog = () => page.getByRole('dialog')

/** A harness reporting to the emulator (or not: `analytics` off with the emulator still configured). */
async function harnessFor(step: string, analytics: boolean, options: HarnessOptions = {}) {
  const projectId = `h38-${step}-${analytics ? 'on' : 'off'}-${Date.now()}`
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    analyticsUrl: devnet.apiUrl,
    projectId,
    ...options,
    features: { ...options.features, analytics },
  })
  cleanups.push(harness.cleanup)
  return { ...harness, projectId }
}

/** A fresh funded account connected before the modal opens at `view` (the journey starts there). */
async function mountConnected(
  step: string,
  analytics: boolean,
  view: ModalView | ModalViewWithData,
  options: HarnessOptions = {},
) {
  const { key } = await freshFundedKey()
  const harness = await harnessFor(step, analytics, { ...options, accountKey: key, connected: true })
  await render(<harness.Wrapper view={view} />)
  return harness
}

/** With analytics on, every event carries the spec's envelope and the connected account. */
function expectPayload(events: WireEvent[], address: string | undefined) {
  for (const event of events) {
    expect(event).toMatchObject({ url: window.location.href, domain: window.location.hostname })
    expect(event.props.address).toBe(address)
  }
}

/**
 * A step done, then refused by the wallet's user: its start, success, start and error events in
 * that order (nothing else of the step), each with the envelope and the account, the error saying
 * why in its own words. Returns the events.
 */
async function expectDoneThenRefused(
  harness: { projectId: string; wallet: { address: string | undefined } },
  [start, success, error]: [string, string, string],
) {
  const events = await expectSteps(harness.projectId, [start, success, start, error], [start, success, error])
  expectPayload(events, harness.wallet.address)
  expect(events[3]?.props.properties).toMatchObject({
    errorName: 'UserRejectedRequestError',
    message: expect.any(String),
  })
  return events
}

for (const analytics of [true, false]) {
  // With analytics on, the step's events; off, the same step and nothing sent.
  const title = (step: string, events: string) =>
    analytics ? `${step}: ${events}` : `${step}, analytics off: nothing is sent`

  test(title('a refused connection', 'SELECT_WALLET then CONNECT_ERROR, never CONNECT_SUCCESS'), async () => {
    const harness = await harnessFor('connect-error', analytics)
    await render(
      <harness.Wrapper>
        <ConnectButton />
      </harness.Wrapper>,
    )
    harness.wallet.rejectNext('eth_requestAccounts')
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
    await expect.element(page.getByText('Connection rejected')).toBeVisible()
    expect(getConnection(harness.portico).isConnected).toBe(false)
    if (!analytics) return expectNothingSent(harness.projectId)

    const names = ['SELECT_WALLET', 'CONNECT_ERROR', 'CONNECT_SUCCESS']
    const [select, refused] = await expectSteps(harness.projectId, ['SELECT_WALLET', 'CONNECT_ERROR'], names)
    expectPayload([select, refused] as WireEvent[], undefined)
    expect(select?.props.properties).toMatchObject({ method: 'wallet', name: 'Devnet Wallet', namespace: 'eip155' })
    expect(refused?.props.properties).toMatchObject({
      method: 'wallet',
      errorName: 'ConnectionRejectedError',
      message: 'Connection rejected',
    })
  })

  test(
    title('a message signed, then refused', 'SIGN_MESSAGE, SIGN_MESSAGE_SUCCESS, SIGN_MESSAGE, SIGN_MESSAGE_ERROR'),
    async () => {
      const { key } = await freshFundedKey()
      const harness = await harnessFor('sign', analytics, { accountKey: key, connected: true })
      // The kit's public hook, in an app whose modal was opened once (the journey is reported from then).
      const { result } = await renderHook(() => useSignMessage(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <harness.Wrapper view="Account">{children}</harness.Wrapper>
        ),
      })
      await expect.element(dialog().getByRole('heading', { name: 'Account' })).toBeVisible()
      if (analytics) await expectSteps(harness.projectId, ['INITIALIZE'])
      await result.current.mutateAsync({ message: 'h38 secret words' })
      harness.wallet.rejectNext('personal_sign')
      await expect(result.current.mutateAsync({ message: 'h38 secret words' })).rejects.toThrow()
      if (!analytics) return expectNothingSent(harness.projectId)

      const events = await expectDoneThenRefused(harness, [
        'SIGN_MESSAGE',
        'SIGN_MESSAGE_SUCCESS',
        'SIGN_MESSAGE_ERROR',
      ])
      // What was signed never goes out with the events.
      expect(JSON.stringify(events)).not.toContain('secret')
    },
  )

  test(
    title('a send on anvil, then a refused one', 'SEND_INITIATED, SEND_SUCCESS, SEND_INITIATED, SEND_ERROR'),
    async () => {
      const harness = await mountConnected('send', analytics, 'Send')
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      const fillAndReview = async () => {
        await userEvent.click(dialog().getByRole('button', { name: 'Select token' }).first())
        await userEvent.click(dialog().getByRole('button', { name: /Ether/ }))
        await userEvent.fill(dialog().getByRole('textbox', { name: 'Amount' }), '0.01')
        await userEvent.fill(dialog().getByRole('textbox', { name: 'To' }), receiver)
        await userEvent.click(dialog().getByRole('button', { name: 'Preview send' }))
      }
      await fillAndReview()
      await userEvent.click(dialog().getByRole('button', { name: 'Send', exact: true }))
      await expect.element(dialog().getByRole('heading', { name: 'Account' })).toBeVisible()
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))

      await accountViewSettled()
      await userEvent.click(dialog().getByRole('button', { name: 'Send', exact: true }))
      await fillAndReview()
      harness.wallet.rejectNext('eth_sendTransaction')
      await userEvent.click(dialog().getByRole('button', { name: 'Send', exact: true }))
      await expect.element(dialog().getByRole('alert')).toHaveTextContent('Transaction rejected')
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.01'))
      if (!analytics) return expectNothingSent(harness.projectId)

      const events = await expectDoneThenRefused(harness, ['SEND_INITIATED', 'SEND_SUCCESS', 'SEND_ERROR'])
      // Neither the amount nor the receiver goes out with the events.
      expect(JSON.stringify(events).toLowerCase()).not.toContain(receiver.toLowerCase())
    },
  )

  test(
    title('a swap on the devnet, then a refused one', 'SWAP_INITIATED, SWAP_SUCCESS, SWAP_INITIATED, SWAP_ERROR'),
    async () => {
      const harness = await mountConnected(
        'swap',
        analytics,
        { view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC', amount: '1' } },
        { blockchainApiUrl: devnet.apiUrl },
      )
      const review = async () => {
        await userEvent.click(dialog().getByRole('button', { name: 'Review swap' }))
        await expect.element(dialog().getByRole('heading', { name: 'Review swap' })).toBeVisible()
      }
      await review()
      await userEvent.click(dialog().getByRole('button', { name: 'Swap', exact: true }))
      // Back on the form, its amount cleared, once the swap landed.
      await expect.element(dialog().getByRole('textbox', { name: 'Amount' })).toHaveValue('')
      const received = await tokenBalance(usdc, harness.wallet.address as Hex)
      expect(received).toBeGreaterThan(0n)

      await userEvent.fill(dialog().getByRole('textbox', { name: 'Amount' }), '1')
      await review()
      harness.wallet.rejectNext('eth_sendTransaction')
      await userEvent.click(dialog().getByRole('button', { name: 'Swap', exact: true }))
      await expect.poll(() => harness.wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length).toBe(2)
      if (!analytics) {
        await expect.element(dialog().getByRole('alert')).toBeVisible()
        return expectNothingSent(harness.projectId)
      }

      await expectDoneThenRefused(harness, ['SWAP_INITIATED', 'SWAP_SUCCESS', 'SWAP_ERROR'])
    },
  )

  test(title('a checkout link made', 'BUY_CRYPTO'), async () => {
    // What a popup blocker does (the link is still made and shown): no window left open.
    vi.spyOn(window, 'open').mockReturnValue(null)
    const harness = await mountConnected('buy', analytics, 'OnRampProviders', { blockchainApiUrl: devnet.apiUrl })
    await userEvent.click(dialog().getByRole('button', { name: /Card or bank transfer/ }))
    await expect.element(dialog().getByRole('heading', { name: 'Complete your purchase' })).toBeVisible()
    if (analytics) {
      const [bought] = await expectSteps(harness.projectId, ['BUY_CRYPTO'], ['BUY_CRYPTO', 'BUY_CRYPTO_ERROR'])
      expectPayload([bought] as WireEvent[], harness.wallet.address)
    } else await expectNothingSent(harness.projectId)
  })

  test(title('the on-ramp service failing', 'BUY_CRYPTO_ERROR'), async () => {
    // The on-ramp service down (a closed loopback port): the sample options stand in, the link fails.
    const failing = await mountConnected('buy-error', analytics, 'OnRampProviders', {
      blockchainApiUrl: 'http://127.0.0.1:9',
    })
    await expect.element(dialog().getByText('Live options are unavailable; showing the default options.')).toBeVisible()
    await userEvent.click(dialog().getByRole('button', { name: /Card or bank transfer/ }))
    await expect.poll(() => document.querySelector('[data-slot="onramp-error"]')?.getAttribute('role')).toBe('alert')
    if (!analytics) return expectNothingSent(failing.projectId)
    const [failed] = await expectSteps(failing.projectId, ['BUY_CRYPTO_ERROR'], ['BUY_CRYPTO', 'BUY_CRYPTO_ERROR'])
    expectPayload([failed] as WireEvent[], failing.wallet.address)
    expect(failed?.props.properties).toMatchObject({ message: expect.any(String) })
  })
}
