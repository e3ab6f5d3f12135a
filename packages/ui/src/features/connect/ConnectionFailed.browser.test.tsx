// The failed part of the connecting views (ConnectionFailed), rendered alone: which copy each
// state shows, the retry's name, keyboard and its place in a host's form, and a host's messages.
// The views around it (the rejected state after a wallet's 4001, retry connecting) are tested in
// ConnectingExternalView.browser.test.tsx, modal/Modal.browser.test.tsx and
// walletconnect/WalletConnect.browser.test.tsx.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { en } from '../../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { ConnectionFailed } from './ConnectionFailed.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

async function mount(state: 'rejected' | 'error', options: HarnessOptions = {}) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, devnetWallet: false, ...options })
  stops.push(harness.cleanup)
  const onRetry = vi.fn()
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault())
  const screen = await render(
    <harness.Wrapper>
      <form onSubmit={onSubmit} data-testid="host-form">
        <ConnectionFailed state={state} onRetry={onRetry} />
      </form>
    </harness.Wrapper>,
  )
  return { onRetry, onSubmit, screen }
}

const retry = () => page.getByRole('button', { name: en.tryAgain, exact: true })

test('default: rejected says the wallet declined, and nothing of a failure', async () => {
  await mount('rejected')
  await expect.element(page.getByText(en.connectionRejected, { exact: true })).toBeVisible()
  await expect.element(page.getByText(en.connectionRejectedBody)).toBeVisible()
  expect(document.body.textContent).not.toContain(en.connectionFailed)
  expect(document.body.textContent).not.toContain(en.connectionFailedBody)
})

test('default: error says the connection failed, and does not blame the user', async () => {
  await mount('error')
  await expect.element(page.getByText(en.connectionFailed, { exact: true })).toBeVisible()
  await expect.element(page.getByText(en.connectionFailedBody)).toBeVisible()
  expect(document.body.textContent).not.toContain(en.connectionRejected)
  expect(document.body.textContent).not.toContain(en.connectionRejectedBody)
})

test('behavior: each click on Try again retries once, and never submits a form it sits in', async () => {
  const { onRetry, onSubmit } = await mount('error')
  await userEvent.click(retry())
  expect(onRetry).toHaveBeenCalledTimes(1)
  await userEvent.click(retry())
  expect(onRetry).toHaveBeenCalledTimes(2)
  expect(onSubmit).not.toHaveBeenCalled()
})

test('a11y: Try again is named by its text alone (the icon is decoration), and Enter and Space press it', async () => {
  const { onRetry, onSubmit } = await mount('rejected')
  await expect.element(retry()).toBeVisible()
  expect(retry().element().textContent).toBe(en.tryAgain)
  ;(retry().element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  expect(onRetry).toHaveBeenCalledTimes(1)
  await userEvent.keyboard(' ')
  expect(onRetry).toHaveBeenCalledTimes(2)
  expect(onSubmit).not.toHaveBeenCalled()
})

test('behavior: the host’s messages replace the copy and the retry’s name', async () => {
  const { onRetry } = await mount('rejected', {
    ui: {
      messages: {
        connectionRejected: 'Verbindung abgelehnt',
        connectionRejectedBody: 'In der Wallet abgelehnt.',
        tryAgain: 'Erneut versuchen',
      },
    },
  })
  await expect.element(page.getByText('Verbindung abgelehnt')).toBeVisible()
  await expect.element(page.getByText('In der Wallet abgelehnt.')).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Erneut versuchen' }))
  expect(onRetry).toHaveBeenCalledTimes(1)
  expect(document.body.textContent).not.toContain(en.connectionRejected)
})
