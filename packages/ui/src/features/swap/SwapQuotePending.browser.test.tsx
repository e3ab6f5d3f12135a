// The Swap form's quote as a pending part in real Chromium against the shared devnet: while the
// quote for what is typed is on its way (the typing pause, then the request) the modal is not
// settled, and `modalSettled` resolves only once the quote's figures are in, so a click that waits
// for it is not sent while the details arrive and move the buttons. The quote's figures themselves
// are in SwapView.browser.test.tsx and QuoteDetails.browser.test.tsx; a changed amount hiding the
// previous quote in SwapFormStep.browser.test.tsx; the settle rule in test/isModalSettled.ts.
import { connect, createPortico, eip155Adapter, eip155Network, initialize, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { freshFundedKey } from '../../test/devnetChain.js'
import { holdRequests } from '../../test/holdRequests.js'
import { isModalSettled } from '../../test/isModalSettled.js'
import { modalSettled } from '../../test/modalSettled.js'
import { offline } from '../../test/offline.js'
import { useModal } from '../../useModal.js'
import type { SwapViewData } from './swapForm.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

function OpenOnMount({ data }: { data: SwapViewData }) {
  const { open } = useModal()
  useEffect(() => open({ view: 'Swap', data }), [open, data])
  return null
}

/** The Swap form of a fresh key (10 ETH) paying ETH for USDC, nothing typed, settled; quotes go through `fetch`. */
async function mount(fetch: typeof globalThis.fetch) {
  const { key } = await freshFundedKey()
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'swap-quote-pending-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
    ...offline,
    // The devnet's emulator serves the blockchain API; `offline` turns it off.
    blockchainApi: true,
    apiUrls: { blockchain: devnet.apiUrl },
    fetch,
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  await render(
    <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
      <PorticoUI>
        <OpenOnMount data={{ fromToken: 'ETH', toToken: 'USDC' }} />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.poll(action).toBe('enter-amount')
  // Nothing to quote: nothing pending, the form is whole.
  await modalSettled()
}

const $ = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`)
const action = () => $('swap-action')?.dataset.state
const pending = () => document.querySelector('[role="dialog"] [data-pending]')

test('behavior: while the quote for a typed amount is on its way the modal is not settled; modalSettled resolves once its figures and the review are in', async () => {
  const quotes = holdRequests('/v1/convert/quotes')
  await mount(quotes.fetch)
  try {
    await userEvent.fill(page.getByRole('textbox', { name: 'Amount' }), '0.2')
    await expect.poll(() => quotes.held).toBeGreaterThan(0)
    // What the typing set moving has ended (the spinner's turn is one frame under reduced motion),
    // and the details are not there yet: the modal is still, only the marker says the view will grow.
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement
    await Promise.all(
      dialog
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    )
    expect(pending()).not.toBeNull()
    expect(isModalSettled()).toBe(false)
    expect($('swap-details')).toBeNull()
  } finally {
    quotes.release()
  }
  await modalSettled()
  // Settled means whole: the quote is there the moment the rule says so, not a moment later.
  expect($('swap-details')).not.toBeNull()
  expect($('swap-rate')?.textContent).toMatch(/^1 ETH = [\d,.]+ USDC$/)
  expect(action()).toBe('ready')
  expect(pending()).toBeNull()
})

test('edge: in the typing pause, before the quote is even asked for, the modal is not settled', async () => {
  const quotes = holdRequests('/v1/convert/quotes', { holding: false })
  await mount(quotes.fetch)
  // Typed within this task, so the pause (300 ms) cannot have ended when the view is checked.
  const input = $('swap-amount') as HTMLInputElement
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '0.2')
  input.dispatchEvent(new Event('input', { bubbles: true }))
  await Promise.resolve()
  expect(input.value).toBe('0.2')
  expect(action()).toBe('quoting')
  expect(quotes.inFlight).toBe(0)
  expect(pending()).not.toBeNull()
  expect(isModalSettled()).toBe(false)
  await modalSettled()
  expect($('swap-details')).not.toBeNull()
  expect(action()).toBe('ready')
})
