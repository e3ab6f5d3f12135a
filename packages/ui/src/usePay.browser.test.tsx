// usePay as a host holds it, in Chromium under the real providers with the Devnet Wallet connected on
// the shared devnet (anvil account #0, paying its native currency; nothing is ever sent): the
// function stays the same across renders, a bad request while a payment waits is refused without
// touching the open panel or its promise, a double call opens one panel, and outside <PorticoUI>
// the hook throws its typed error. The panel and payments on chain are in
// features/pay/PayView.browser.test.tsx; startPay's checks at their bounds in payRequest.test.ts.
import { Component, type ReactNode } from 'react'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from './test/harness.js'
import { modalSettled } from './test/modalSettled.js'
import { unreachableView } from './test/unreachableView.js'
import { type PayRequest, type PayResult, usePay } from './usePay.js'
import './test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  vi.restoreAllMocks()
})

type Settled = { result: PayResult } | { error: Error & { name: string; shortMessage?: string } }
type Pay = (request: PayRequest) => Promise<PayResult>

/** The host page: it records `usePay()`'s function on each render. */
function Host({ seen, label }: { seen: Pay[]; label?: string }) {
  seen.push(usePay())
  return label ? <p>{label}</p> : null
}

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const $ = (name: string) => document.querySelector(`[data-slot="${name}"]`) as HTMLElement | null
const dialogs = () => document.querySelectorAll('[role="dialog"]').length

async function mount() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, connected: true, features: { pay: true } })
  stops.push(harness.cleanup)
  const seen: Pay[] = []
  const screen = await render(
    <harness.Wrapper>
      <Host seen={seen} />
    </harness.Wrapper>,
  )
  await expect.poll(() => seen.length).toBeGreaterThan(0)
  /** The host's call with the latest function, its outcome kept (never an unhandled rejection). */
  const pay = (request: PayRequest): Promise<Settled> =>
    (seen.at(-1) as Pay)(request).then(
      (result) => ({ result }),
      (error) => ({ error }),
    )
  return {
    seen,
    pay,
    rerender: (label: string) =>
      screen.rerender(
        <harness.Wrapper>
          <Host seen={seen} label={label} />
        </harness.Wrapper>,
      ),
  }
}

/** Resolves once the pay panel shows `amount` (its chunk is transformed cold on a file's first use). */
async function panelShows(amount: string) {
  await expect.element(page.getByRole('heading', { name: 'Pay' }), { timeout: 30_000 }).toBeVisible()
  await expect.poll(() => $('pay-amount')?.textContent).toBe(amount)
}

test('behavior: the function is the same object on every render, so a host effect or memo that depends on it stays still', async () => {
  const { seen, rerender } = await mount()
  const before = seen.length
  await rerender('rendered again')
  await expect.element(page.getByText('rendered again')).toBeInTheDocument()
  expect(seen.length).toBeGreaterThan(before)
  expect(new Set(seen).size).toBe(1)
})

test('error: a bad request while a payment waits is refused with its typed error, and the open panel and its promise are left alone', async () => {
  const { pay } = await mount()
  const waiting = pay({ amount: '1', token: 'native', receiver })
  let settled: Settled | undefined
  void waiting.then((outcome) => {
    settled = outcome
  })
  await panelShows('1 ETH')
  const bad: [unknown, string][] = [
    [null, 'SendParametersRequiredError'],
    [{ amount: '1', token: 'native', receiver: '0x1234' }, 'InvalidAddressError'],
    [{ amount: '1', token: '0x0000000000000000000000000000000000000001', receiver }, 'InvalidTokenError'],
    [{ amount: '1e3', token: 'native', receiver }, 'InvalidAmountError'],
  ]
  for (const [request, name] of bad) {
    const refused = await pay(request as PayRequest)
    expect([request, 'error' in refused && refused.error.name]).toEqual([request, name])
  }
  // The first request is still the panel's, and still waiting for its outcome.
  expect($('pay-amount')?.textContent).toBe('1 ETH')
  expect(dialogs()).toBe(1)
  expect(settled).toBeUndefined()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Cancel' }))
  expect(await waiting).toMatchObject({ error: { name: 'PayClosedError' } })
})

test('edge: two calls at once (a double click) open one panel, on the later request; the earlier is given up as closed', async () => {
  const { pay } = await mount()
  const first = pay({ amount: '1', token: 'native', receiver })
  const second = pay({ amount: '2', token: 'native', receiver })
  expect(await first).toMatchObject({ error: { name: 'PayClosedError' } })
  await panelShows('2 ETH')
  expect(dialogs()).toBe(1)
  await modalSettled()
  await userEvent.keyboard('{Escape}')
  expect(await second).toMatchObject({ error: { name: 'PayClosedError' } })
  await expect.poll(dialogs).toBe(0)
})

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    const { error } = this.state
    return error ? <p data-testid="error">{`${error.name}: ${error.message}`}</p> : this.props.children
  }
}

test('error: outside <PorticoUI> it throws the typed UIProviderNotFoundError naming usePay and the fix', async () => {
  // React reports the error the boundary caught; the test reads it from the boundary instead.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  await render(
    <Boundary>
      <Host seen={[]} />
    </Boundary>,
  )
  await expect
    .element(page.getByTestId('error'))
    .toHaveTextContent('UIProviderNotFoundError: `usePay` must be used within `<PorticoUI>`.')
})

test("error: the panel's code failing to load (offline) rejects with the typed PayUnavailableError, nothing opened; the next call fetches it anew", async () => {
  const { gone, load, reach, restore } = unreachableView('Pay')
  stops.push(restore)
  const { pay } = await mount()
  const failed = await pay({ amount: '0.001', token: 'native', receiver })
  expect('error' in failed && failed.error.name).toBe('PayUnavailableError')
  expect('error' in failed && failed.error.shortMessage).toBe('The pay panel could not be loaded')
  expect('error' in failed && failed.error.cause).toBe(gone)
  expect(dialogs()).toBe(0)
  reach()
  void pay({ amount: '0.001', token: 'native', receiver })
  await expect.element(page.getByRole('dialog')).toBeVisible()
  expect(load).toHaveBeenCalledTimes(2)
})
