// SwapFormStep (the swap form: amount, tokens, the live quote and the action button) in real
// Chromium against the shared devnet, a fresh funded key per test. Covers what the flow's file does
// not: the insufficient-balance bound to the base unit, Max on a token (nothing kept back), a decimal
// comma, a changed amount never showing the previous quote, and a hostile host prefill. The prefilled
// quote, Max on the native currency, flip, quote and allowance errors are in SwapView.browser.test.tsx;
// the draft's derived values in useSwapDraft.browser.test.tsx; the pure helpers in swapForm.test.ts.
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

/** The Swap form of a fresh key (10 ETH, `usdc` base units of USDC), opened with `data`. */
async function mount(
  data: SwapViewData,
  { usdc = 0n, fetch }: { usdc?: bigint; fetch?: typeof globalThis.fetch } = {},
) {
  const { key } = await freshFundedKey({ usdc })
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  stops.push(wallet.announce())
  const portico = createPortico({
    projectId: 'swap-form-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [eip155Adapter()],
    ...offline,
    // The devnet's emulator serves the blockchain API; `offline` turns it off.
    blockchainApi: true,
    apiUrls: { blockchain: devnet.apiUrl },
    ...(fetch && { fetch }),
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
  await render(
    <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
      <PorticoUI>
        <OpenOnMount data={data} />
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.element(page.getByRole('heading', { name: 'Swap' })).toBeVisible()
  return { wallet }
}

const $ = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`)
const action = () => $('swap-action')?.dataset.state
const amountBox = () => page.getByRole('textbox', { name: 'Amount' })

test('edge: insufficient balance to the base unit: exactly the balance is enough, one unit more is not; Max on a token keeps nothing back', async () => {
  await mount({ fromToken: 'USDC', toToken: 'PTK', amount: '5' }, { usdc: 5_000_000n })
  await expect.poll(() => $('swap-from-balance')?.textContent).toMatch(/^Balance: 5Max$/)
  await expect.poll(action).toBe('ready')
  await expect.element(amountBox()).not.toHaveAttribute('aria-invalid')

  await userEvent.fill(amountBox(), '5.000001')
  await expect.element(page.getByRole('button', { name: 'Insufficient balance' })).toBeDisabled()
  await expect.element(amountBox()).toHaveAttribute('aria-invalid', 'true')
  expect($('swap-amount')?.dataset.state).toBe('invalid')
  // No review to reach, whatever the quote does meanwhile.
  expect(page.getByRole('button', { name: 'Review swap' }).query()).toBeNull()

  await userEvent.click(page.getByRole('button', { name: 'Max' }))
  // A token pays no network fee: Max is the whole balance.
  await expect.element(amountBox()).toHaveValue('5')
  await expect.poll(action).toBe('ready')
})

test('behavior: a decimal comma is a point; letters and signs typed are dropped', async () => {
  await mount({ fromToken: 'ETH', toToken: 'USDC' })
  await userEvent.type(amountBox(), '-0,2abc')
  await expect.element(amountBox()).toHaveValue('0.2')
  await expect.poll(action).toBe('ready')
})

test('behavior: a changed amount never shows the previous quote: its figures and the review go until the quote for the new amount arrives', async () => {
  const quotes = holdRequests('/v1/convert/quotes', { holding: false })
  await mount({ fromToken: 'ETH', toToken: 'USDC', amount: '0.1' }, { fetch: quotes.fetch })
  await expect.poll(action).toBe('ready')
  const first = Number($('swap-to-amount')?.textContent?.replace(/,/g, ''))
  // ~296 USDC on the fresh devnet pool, which other files' swaps move (shared by the run).
  expect(first).toBeGreaterThan(100)
  quotes.holding = true
  try {
    await userEvent.fill(amountBox(), '0.2')
    await expect.poll(() => quotes.held).toBeGreaterThan(0)
    // The 0.1 ETH figures are gone: no details, no received amount, no review.
    expect($('swap-details')).toBeNull()
    expect($('swap-to-amount')?.textContent).not.toContain(String(Math.trunc(first)))
    await expect.element(page.getByRole('button', { name: 'Getting quote…' })).toBeDisabled()
    expect(action()).toBe('quoting')
  } finally {
    quotes.release()
  }
  await expect.poll(action).toBe('ready')
  const second = Number($('swap-to-amount')?.textContent?.replace(/,/g, ''))
  expect(second).toBeGreaterThan(first * 1.9)
  expect($('swap-minimum-received')?.textContent).toMatch(/USDC$/)
})

test('security: a host prefill naming unknown or hostile tokens and a hostile amount: nothing of it is rendered; no token, no quote', async () => {
  const w = window as { __pwnedForm?: number }
  w.__pwnedForm = undefined
  await mount({
    fromToken: '<img src=x onerror="window.__pwnedForm=1">',
    toToken: 'javascript:alert(1)',
    amount: '-1e3<b>',
  })
  await expect.element(amountBox()).toHaveValue('13')
  expect($('swap-from-token')?.textContent).toBe('Select token')
  expect($('swap-to-token')?.textContent).toBe('Select token')
  expect(document.querySelector('[role="dialog"]')?.textContent).not.toContain('onerror')
  expect(action()).toBe('select-token')
  await expect.element(page.getByRole('button', { name: 'Switch tokens' })).toBeDisabled()
  expect(w.__pwnedForm).toBeUndefined()
})
