// SwapReview (what is paid and received, then the approve and swap steps) in real Chromium against
// the shared devnet: the emulator's convert routes over a real Uniswap V2 and a fresh funded key per
// test, so each test's nonce is its own. The wallet is the real test wallet behind a host connector
// that can hold its transaction prompts (the user not having answered yet), and the quote answers are
// read as they pass (the instance's fetch, unchanged). Covers: the review's figures against the API's
// quote (minimum received at the spec's 1%), a double click sending one transaction, the approve step
// before the swap (each shown while its prompt is open, the exact amount approved), a refusal in the
// wallet, and the empty review. The happy paths with permits, the market moving between review and
// click, and the form are in SwapView.browser.test.tsx.
import { connect, createPortico, eip155Adapter, eip155Network, initialize, PorticoProvider } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { createPublicClient, type Hex, http } from 'viem'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { PorticoUI } from '../../PorticoUI.js'
import { recordAnnouncements } from '../../test/announcements.js'
import { freshFundedKey } from '../../test/devnetChain.js'
import { offline } from '../../test/offline.js'
import { type ModalViewWithData, useModal } from '../../useModal.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const usdc = devnet.evmTokens.find((t) => t.symbol === 'USDC')?.address as Hex
const chain = createPublicClient({ transport: http(devnet.evmRpcUrl) })
const nonceOf = (address: Hex, blockTag: 'latest' | 'pending' = 'latest') =>
  chain.getTransactionCount({ address, blockTag })

function OpenOnMount({ view }: { view: ModalViewWithData }) {
  const { open } = useModal()
  useEffect(() => open(view), [open, view])
  return null
}

type ApiQuote = { fromAmount: string; toAmount: string; priceImpact: string }

/**
 * A fresh key (10 ETH, `usdc` base units of USDC) connected through a host connector over the test
 * wallet; `held` lists the transaction prompts waiting for `answer()` while `holdPrompts` is set,
 * `quotes` the convert API's quote answers as they came.
 */
async function mount(
  view: ModalViewWithData,
  { usdc: minted = 0n, holdPrompts = false, extra }: { usdc?: bigint; holdPrompts?: boolean; extra?: ReactNode } = {},
) {
  const { key, address } = await freshFundedKey({ usdc: minted })
  const wallet = createTestEip1193Wallet({ accounts: [key], chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }] })
  const held: { params: { to: Hex; data: Hex }; answer: () => void }[] = []
  const provider = {
    ...wallet.provider,
    request(args: { method: string; params?: unknown }) {
      if (!holdPrompts || args.method !== 'eth_sendTransaction') return wallet.provider.request(args as never)
      return new Promise((resolve, reject) => {
        held.push({
          params: (args.params as { to: Hex; data: Hex }[])[0] as { to: Hex; data: Hex },
          answer: () => void wallet.provider.request(args as never).then(resolve, reject),
        })
      })
    },
  } as typeof wallet.provider
  const quotes: ApiQuote[] = []
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (String(input instanceof Request ? input.url : input).includes('/v1/convert/quotes') && response.ok)
      quotes.push(((await response.clone().json()) as { quotes: ApiQuote[] }).quotes[0] as ApiQuote)
    return response
  }
  const portico = createPortico({
    projectId: 'swap-review-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, tokens: devnet.evmTokens })],
    adapters: [
      eip155Adapter({
        eip6963: false,
        legacyInjected: false,
        connectors: [{ id: 'held', name: 'Held Wallet', provider }],
      }),
    ],
    ...offline,
    // The devnet's emulator serves the blockchain API; `offline` turns it off.
    blockchainApi: true,
    apiUrls: { blockchain: devnet.apiUrl },
    fetch: recording,
  })
  stops.push(initialize(portico))
  await connect(portico, { connectorId: 'held', namespace: 'eip155' })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>{extra ?? <OpenOnMount view={view} />}</PorticoUI>
    </PorticoProvider>,
  )
  const sent = () => wallet.requests.filter((r) => r.method === 'eth_sendTransaction')
  return { address, wallet, held, quotes, sent }
}

const $ = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`)
const text = (name: string) => $(name)?.textContent ?? ''
/** en-US, three decimals at most, truncated: how the kit shows a balance. */
const shown = (units: bigint, decimals: number) => {
  const digits = units.toString().padStart(decimals + 1, '0')
  const exact = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return new Intl.NumberFormat('en-US', {
    maximumFractionDigits: 3,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(exact as unknown as number)
}

async function toReview(confirmLabel: string) {
  const review = page.getByRole('button', { name: 'Review swap' })
  await expect.element(review).toBeEnabled()
  await userEvent.click(review)
  await expect.element(page.getByRole('heading', { name: 'Review swap' })).toBeVisible()
  const confirm = page.getByRole('button', { name: confirmLabel, exact: true })
  await expect.element(confirm).toBeEnabled()
  return confirm
}

const prefill = (fromToken: string, toToken: string, amount: string): ModalViewWithData => ({
  view: 'Swap',
  data: { fromToken, toToken, amount },
})

test("behavior: the review's figures are the API's quote: what is paid, received, the minimum at the spec's 1% slippage (rounded down) and the price impact", async () => {
  const { quotes } = await mount(prefill('ETH', 'USDC', '0.5'))
  await toReview('Swap')
  expect(text('swap-review-pay')).toBe('0.5 ETH')
  // The review's figures are those of the latest quote answered for 0.5 ETH (it refreshes every 10 s).
  const figures = () => {
    const quote = quotes.findLast((q) => q.fromAmount === String(5n * 10n ** 17n)) as ApiQuote
    const toAmount = BigInt(quote.toAmount)
    return {
      receive: `${shown(toAmount, 6)} USDC`,
      minimum: `${shown((toAmount * 99n) / 100n, 6)} USDC`,
      impact: `${quote.priceImpact}%`,
    }
  }
  await expect
    .poll(() => ({
      receive: text('swap-review-receive'),
      minimum: text('swap-minimum-received'),
      impact: text('swap-price-impact'),
    }))
    .toEqual(figures())
  // A sane magnitude (a decimals mistake is off by powers of ten), not the pool's first price: the
  // devnet's ETH/USDC pool is shared, and other files' swaps move it (0.5 ETH gets ~1,492 USDC on
  // the fresh pool, 1,377 after other files had swapped about 8 ETH in).
  expect(Number(text('swap-review-receive').replace(/[^\d.]/g, ''))).toBeGreaterThan(500)
  // Small against the pool: not flagged.
  expect($('swap-price-impact')?.dataset.state).toBeUndefined()
  expect($('swap-high-impact')).toBeNull()
})

test('edge: a trade large against the pool: the review flags the API’s price impact above 5% and warns', async () => {
  const { quotes } = await mount(prefill('ETH', 'USDC', '8'))
  await toReview('Swap')
  await expect.poll(() => text('swap-price-impact')).toBe(`${quotes.at(-1)?.priceImpact}%`)
  expect(Number(quotes.at(-1)?.priceImpact)).toBeGreaterThan(5)
  expect($('swap-price-impact')?.dataset.state).toBe('high')
  await expect
    .element(page.getByText('High price impact: you get noticeably less than the market price.'))
    .toBeVisible()
})

test('behavior: a double click on Swap sends ONE transaction: one nonce used, one toast, the button busy meanwhile', async () => {
  const { address, held, sent } = await mount(prefill('ETH', 'USDC', '0.1'), { holdPrompts: true })
  const announced = recordAnnouncements()
  stops.push(announced.stop)
  const confirm = await toReview('Swap')
  await userEvent.dblClick(confirm)
  await expect.poll(() => held.length).toBe(1)
  // While the wallet asks: the button says so and takes no click.
  const busy = page.getByRole('button', { name: 'Confirm in your wallet' })
  await expect.element(busy).toBeDisabled()
  expect($('swap-confirm')?.dataset.state).toBe('pending')
  held[0]?.answer()
  await expect.poll(announced.texts).toContainEqual(expect.stringMatching(/^Swapped 0\.1 ETH for [\d,.]+ USDC$/))
  expect(held).toHaveLength(1)
  expect(sent()).toHaveLength(1)
  expect(await nonceOf(address)).toBe(1)
  expect(await nonceOf(address, 'pending')).toBe(1)
  expect(announced.texts().filter((t) => t.startsWith('Swapped'))).toHaveLength(1)
})

test('behavior: a token with no allowance is approved first, exactly the amount, then swapped; each step shows while its prompt is open; a double click sends one of each', async () => {
  const { address, held, sent } = await mount(prefill('USDC', 'ETH', '12.5'), {
    usdc: 20_000_000n,
    holdPrompts: true,
  })
  const announced = recordAnnouncements()
  stops.push(announced.stop)
  const confirm = await toReview('Approve USDC and swap')
  expect($('swap-step-approve')?.textContent).toBe('Approve USDC')
  expect($('swap-step-approve')?.dataset.state).toBe('pending')
  expect($('swap-step-swap')?.dataset.state).toBe('pending')
  await userEvent.dblClick(confirm)

  // First prompt: the approve, of USDC, for the amount and no more (no unlimited allowance).
  await expect.poll(() => held.length).toBe(1)
  const approve = held[0]?.params as { to: Hex; data: Hex }
  expect(approve.to.toLowerCase()).toBe(usdc.toLowerCase())
  expect(approve.data.slice(0, 10)).toBe('0x095ea7b3') // approve(address,uint256)
  expect(BigInt(`0x${approve.data.slice(-64)}`)).toBe(12_500_000n)
  expect(`0x${approve.data.slice(34, 74)}`.toLowerCase()).toBe(devnet.swapRouter.toLowerCase())
  await expect.poll(() => $('swap-step-approve')?.dataset.state).toBe('active')
  expect($('swap-step-swap')?.dataset.state).toBe('pending')
  await expect.element(page.getByRole('button', { name: 'Confirm in your wallet' })).toBeDisabled()
  held[0]?.answer()

  // Second prompt: the swap, asked only once the approve is mined.
  await expect.poll(() => held.length).toBe(2)
  expect(await nonceOf(address)).toBe(1)
  expect(held[1]?.params.to.toLowerCase()).toBe(devnet.swapRouter.toLowerCase())
  await expect.poll(() => $('swap-step-swap')?.dataset.state).toBe('active')
  expect($('swap-step-approve')?.dataset.state).toBe('done')
  held[1]?.answer()
  await expect.poll(announced.texts).toContainEqual(expect.stringMatching(/^Swapped 12\.5 USDC for [\d.]+ ETH$/))
  expect(held).toHaveLength(2)
  expect(sent()).toHaveLength(2)
  expect(await nonceOf(address, 'pending')).toBe(2)
})

test('error: the wallet refusing the swap: its error is shown, nothing is sent, no nonce used; Try again then swaps once', async () => {
  const { address, wallet, sent } = await mount(prefill('ETH', 'USDC', '0.05'))
  const announced = recordAnnouncements()
  stops.push(announced.stop)
  const confirm = await toReview('Swap')
  wallet.rejectNext('eth_sendTransaction')
  await userEvent.click(confirm)
  await expect.element(page.getByRole('alert')).toHaveTextContent(/rejected/i)
  expect($('swap-error')?.dataset.error).toBeTruthy()
  const again = page.getByRole('button', { name: 'Try again' })
  await expect.element(again).toBeEnabled()
  expect(await nonceOf(address, 'pending')).toBe(0)
  // Still the review, with its figures: nothing was swapped, nothing toasted.
  expect(text('swap-review-pay')).toBe('0.05 ETH')
  expect(announced.texts().some((t) => t.startsWith('Swapped'))).toBe(false)

  await userEvent.click(again)
  await expect.poll(announced.texts).toContainEqual(expect.stringMatching(/^Swapped 0\.05 ETH for [\d,.]+ USDC$/))
  expect(await nonceOf(address)).toBe(1)
  // The refused prompt and the one that went through.
  expect(sent()).toHaveLength(2)
})

test('security: a host opening Swap at its internal review step (data.step) lands on the form, never on a review to confirm', async () => {
  await mount({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'USDC', amount: '0.2', step: 'review' } as never })
  await expect.element(page.getByRole('heading', { name: 'Swap' })).toBeVisible()
  await expect.element(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('0.2')
  expect($('swap-review')).toBeNull()
  expect($('swap-confirm')).toBeNull()
})

function PushStep() {
  const { modal } = usePorticoUI('PushStep')
  useEffect(() => {
    modal.open({ view: 'Swap' })
    modal.push({ view: 'Swap', data: { step: 'review' } })
  }, [modal])
  return null
}

test("default: the review step with nothing to swap (no amount) says 'Enter amount' and offers no Swap", async () => {
  const { sent } = await mount({ view: 'Swap' }, { extra: <PushStep /> })
  await expect.element(page.getByRole('heading', { name: 'Review swap' })).toBeVisible()
  await expect.element(page.getByText('Enter amount')).toBeVisible()
  expect($('swap-confirm')).toBeNull()
  expect($('swap-review')).toBeNull()
  expect(sent()).toHaveLength(0)
})
