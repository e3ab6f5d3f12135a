// QuoteDetails (the quote's rate, price impact, network fee, slippage and minimum received) in real
// Chromium, rendered alone with quotes made to the digit, so each figure can be checked against the
// quote exactly: the rate in integers, the minimum received after the spec's 1% slippage, the 5%
// price-impact threshold at its bound, the fee's absence, hostile symbols and right-to-left text.
// The same details fed by a live devnet quote (form and review) are in SwapView.browser.test.tsx and
// SwapReview.browser.test.tsx; the slippage maths itself in the headless convert/swapMinimum tests.
import { createPortico, eip155Adapter, eip155Network, PorticoProvider } from '@portico/headless'
import { nativeSwapTokenAddress, type SwapQuote, type SwapToken } from '@portico/headless/swap'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { PorticoUI } from '../../PorticoUI.js'
import { offline } from '../../test/offline.js'
import { QuoteDetails } from './QuoteDetails.js'
import { swapEn } from './swap.en.js'

afterEach(async () => {
  await cleanup()
})

const token = (symbol: string, address: string, decimals: number): SwapToken => ({
  name: symbol,
  symbol,
  address: `eip155:31337:${address}`,
  decimals,
  logoUri: undefined,
  price: undefined,
  eip2612: false,
})
const eth = token('ETH', nativeSwapTokenAddress, 18)
const usdc = token('USDC', '0x5FbDB2315678afecb367f032d93F642f64180aa3', 6)

/** A quote as fetchSwapQuote makes it: the minimum received is `toAmount` less the spec's 1%, rounded down. */
const quoteOf = (fromAmount: bigint, toAmount: bigint, priceImpact: number | undefined): SwapQuote => ({
  from: eth.address,
  to: usdc.address,
  fromAmount,
  toAmount,
  minimumReceived: (toAmount * 99n) / 100n,
  priceImpact,
  slippage: 1,
})

async function show(
  quote: SwapQuote,
  {
    fee,
    from = eth,
    to = usdc,
    nativeSymbol = 'ETH',
    locale,
  }: { fee?: bigint; from?: SwapToken; to?: SwapToken; nativeSymbol?: string; locale?: string } = {},
) {
  const portico = createPortico({
    ...offline,
    projectId: 'quote-details-test',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' })],
    adapters: [eip155Adapter()],
  })
  await render(
    <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
      <PorticoUI locale={locale}>
        <div data-testid="details">
          <QuoteDetails text={swapEn} quote={quote} from={from} to={to} fee={fee} nativeSymbol={nativeSymbol} />
        </div>
      </PorticoUI>
    </PorticoProvider>,
  )
  await expect.element(page.getByTestId('details')).toBeInTheDocument()
}

const slot = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`)
/** Each term of the details with its value, as a screen reader pairs them. */
const pairs = () =>
  [...document.querySelectorAll('[data-slot="swap-details"] dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ])

test('behavior: every figure is the quote’s: the rate in integers, the minimum received at the spec’s 1% slippage, truncated, never rounded up', async () => {
  // 2 ETH → 6 001.999999 USDC: 3 000.9999995 per ETH, which integer maths keeps at 3 000.999999.
  const quote = quoteOf(2n * 10n ** 18n, 6_001_999_999n, 0.42)
  // 6 001.999999 × 0.99 = 5 941.97999901 → 5 941.979999 USDC (rounded down to the unit).
  expect(quote.minimumReceived).toBe(5_941_979_999n)
  await show(quote, { fee: 3_150_000_000_000_000n })
  expect(pairs()).toEqual([
    ['Rate', '1 ETH = 3,000.999 USDC'],
    ['Price impact', '0.42%'],
    ['Network fee', '≈ 0.00315 ETH'],
    ['Slippage tolerance', '1%'],
    // Three decimals, truncated: a minimum shown must never be more than the quote's.
    ['Minimum received', '5,941.979 USDC'],
  ])
  expect(slot('swap-price-impact')?.dataset.state).toBeUndefined()
  expect(slot('swap-high-impact')).toBeNull()
})

test('edge: a price impact of exactly 5% is not flagged; just above it is, with the warning’s text', async () => {
  await show(quoteOf(10n ** 18n, 3_000_000_000n, 5))
  expect(slot('swap-price-impact')?.textContent).toBe('5.00%')
  expect(slot('swap-price-impact')?.dataset.state).toBeUndefined()
  expect(slot('swap-high-impact')).toBeNull()
  await cleanup()

  await show(quoteOf(10n ** 18n, 3_000_000_000n, 5.01))
  expect(slot('swap-price-impact')?.textContent).toBe('5.01%')
  expect(slot('swap-price-impact')?.dataset.state).toBe('high')
  await expect
    .element(page.getByText('High price impact: you get noticeably less than the market price.'))
    .toBeVisible()
})

test('default: no price impact from the API and no fee yet: a dash, never 0% or a zero fee', async () => {
  await show(quoteOf(10n ** 18n, 3_000_000_000n, undefined))
  expect(slot('swap-price-impact')?.textContent).toBe('—')
  expect(slot('swap-network-fee')?.textContent).toBe('—')
  expect(slot('swap-high-impact')).toBeNull()
})

test('edge: a quote of zero from the API (no division by zero) and a dust amount; the fee in the network’s own currency', async () => {
  await show(quoteOf(0n, 0n, 0), { nativeSymbol: 'xDAI', fee: 21_000n })
  expect(slot('swap-rate')?.textContent).toBe('1 ETH = 0 USDC')
  expect(slot('swap-minimum-received')?.textContent).toBe('0 USDC')
  expect(slot('swap-network-fee')?.textContent).toBe('≈ 0.000000000000021 xDAI')
  await cleanup()

  // 6 decimals paying into 18: one base unit in, one base unit out.
  const reverse = { ...quoteOf(1n, 1n, 0), from: usdc.address, to: eth.address, minimumReceived: 0n }
  await show(reverse, { from: usdc, to: eth })
  // 1 USDC would buy 10^-12 ETH: under the shown precision, so the rate is quoted the other way
  // round (exact, never a made-up number).
  expect(slot('swap-rate')?.textContent).toBe('1 ETH = 1,000,000,000,000 USDC')
  expect(slot('swap-minimum-received')?.textContent).toBe('0 ETH')
})

test('behavior: a rate under the shown precision (USDC paying for ETH) is quoted the other way round, in whole ETH', async () => {
  // 2,961.474103 USDC for 0.974 ETH: 1 USDC buys 0.000328… ETH, which three decimals show as 0.
  const quote = {
    ...quoteOf(2_961_474_103n, 974_000_000_000_000_000n, 0.97),
    from: usdc.address,
    to: eth.address,
  }
  await show(quote, { from: usdc, to: eth })
  expect(slot('swap-rate')?.textContent).toBe('1 ETH = 3,040.527 USDC')
  await cleanup()
  // At 0.001 ETH per USDC the rate shows as it is.
  await show({ ...quote, fromAmount: 1_000_000n, toAmount: 1_000_000_000_000_000n }, { from: usdc, to: eth })
  expect(slot('swap-rate')?.textContent).toBe('1 USDC = 0.001 ETH')
})

test('security: hostile token symbols are text: no element, no script, no markup', async () => {
  const hostile = token('<img src=x onerror="window.__pwnedQuote=1">', '0x00000000000000000000000000000000000000aa', 6)
  ;(window as { __pwnedQuote?: number }).__pwnedQuote = undefined
  await show(quoteOf(10n ** 18n, 1_000_000n, 1), { to: hostile })
  const details = page.getByTestId('details').element()
  expect(details.querySelector('img')).toBeNull()
  expect(slot('swap-rate')?.textContent).toBe('1 ETH = 1 <img src=x onerror="window.__pwnedQuote=1">')
  expect(slot('swap-minimum-received')?.textContent).toBe('0.99 <img src=x onerror="window.__pwnedQuote=1">')
  expect((window as { __pwnedQuote?: number }).__pwnedQuote).toBeUndefined()
})

test('a11y: in Arabic (right to left) the rate and the fee are each one left-to-right unit, symbol after the digits', async () => {
  await show(quoteOf(10n ** 18n, 3_000_000_000n, 1), { fee: 10n ** 15n, locale: 'ar' })
  // The kit's language loads on its own: the details are rendered again right to left.
  await expect.poll(() => slot('swap-rate')?.textContent?.startsWith('\u2066')).toBe(true)
  const rate = slot('swap-rate')?.textContent ?? ''
  expect(rate.endsWith('\u2069')).toBe(true)
  expect(rate).toMatch(/ETH.*USDC/)
  expect(slot('swap-network-fee')?.textContent).toMatch(/^\u2066≈ .+ ETH\u2069$/)
  expect(slot('swap-minimum-received')?.textContent).toMatch(/^\u2066.+ USDC\u2069$/)
})
