import type { TokenBalance } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const balance = (symbol: string, numeric: string, price: number, address?: string): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:31337',
  ...(address ? { address } : {}),
  quantity: { decimals: '18', numeric },
  price,
  value: Number(numeric) * price,
})

/** Where `part` of `element`'s text is drawn: its box on screen. */
function boxOf(element: Element, part: string): DOMRect {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(part) ?? -1
    if (at < 0) continue
    const range = document.createRange()
    range.setStart(node, at)
    range.setEnd(node, at + part.length)
    return range.getBoundingClientRect()
  }
  throw new Error(`"${part}" is not in ${element.textContent}`)
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

test('Arabic (right to left): an amount reads number then symbol, as in every language, and a token row’s price and value never overlap', async () => {
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    connected: true,
    ui: { locale: 'ar' },
    balances: [
      balance('ETH', '9999.996123', 3012.25),
      balance('USDC', '123456.789', 1.0001, '0x0000000000000000000000000000000000000002'),
    ],
  })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.poll(() => document.querySelectorAll('[data-slot="token-row"]').length).toBe(2)
  expect(document.querySelector('[data-portico][dir="rtl"]')).not.toBeNull()

  // The header's balance: the digits, then the symbol to their right, one unit in the RTL line.
  const header = document.querySelector('[data-slot="account-balance"]') as HTMLElement
  await expect.poll(() => header.textContent).toMatch(/ETH/)
  const number = (header.textContent ?? '').replace(/[^\d٠-٩.,٫٬]/g, '').slice(0, 3)
  expect(boxOf(header, number).left).toBeLessThan(boxOf(header, 'ETH').left)

  // The account button too (page start: its own style, not the formatter).
  const button = document.querySelector('[data-slot="account-button"]') as HTMLElement
  expect(boxOf(button, number).left).toBeLessThan(boxOf(button, 'ETH').left)
  // A price and a value in dollars: Arabic's currency sign "US$" reads as written, not "$US".
  for (const slot of ['token-price', 'token-value']) {
    const text = document.querySelector(`[data-slot="${slot}"]`) as HTMLElement
    expect(boxOf(text, 'U').left).toBeLessThan(boxOf(text, '$').left)
  }

  for (const row of document.querySelectorAll('[data-slot="token-row"]')) {
    const price = row.querySelector('[data-slot="token-price"]') as HTMLElement
    const value = row.querySelector('[data-slot="token-value"]') as HTMLElement
    const amount = row.querySelector('[data-slot="token-balance"]') as HTMLElement
    // The price is whole (not clipped by its column).
    const column = price.closest('[data-slot="token-row"] > span') as HTMLElement
    expect(price.getBoundingClientRect().left).toBeGreaterThanOrEqual(column.getBoundingClientRect().left - 0.5)
    expect(price.getBoundingClientRect().right).toBeLessThanOrEqual(column.getBoundingClientRect().right + 0.5)
    for (const [a, b] of [
      [price, value],
      [price, amount],
    ] as const)
      expect(overlap(a.getBoundingClientRect(), b.getBoundingClientRect()), `${a.textContent} / ${b.textContent}`).toBe(
        false,
      )
  }
})
