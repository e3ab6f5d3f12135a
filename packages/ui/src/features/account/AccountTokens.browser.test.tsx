import type { TokenBalance } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page } from 'vitest/browser'
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

const balance = (symbol: string, numeric: string, price?: number, address?: string): TokenBalance => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:31337',
  ...(address ? { address } : {}),
  quantity: { decimals: '18', numeric },
  ...(price === undefined ? {} : { price, value: Number(numeric) * price }),
})

test('Tokens tab: sorted by value, balance with 3 decimals, value and price with 2; unpriced last', async () => {
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    connected: true,
    balances: [
      balance('ETH', '1.23456789', 3000),
      balance('NOPRICE', '99.1239', undefined, '0x0000000000000000000000000000000000000001'),
      balance('USDC', '12345.678912', 1, '0x0000000000000000000000000000000000000002'),
      balance('PTK', '0.5', 0.5, '0x0000000000000000000000000000000000000003'),
    ],
  })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect.poll(() => document.querySelectorAll('[data-slot="token-row"]').length).toBe(4)
  const rows = [...document.querySelectorAll('[data-slot="token-row"]')]
  const read = (row: Element, slot: string) => row.querySelector(`[data-slot="${slot}"]`)?.textContent ?? null
  // 12,345.67 USDC is worth more than 1.23 ETH (3,703.70): value decides, not the native first.
  expect(rows.map((r) => read(r, 'token-balance'))).toEqual(['12,345.678', '1.234', '0.5', '99.123'])
  expect(rows.map((r) => read(r, 'token-value'))).toEqual(['$12,345.67', '$3,703.70', '$0.25', null])
  expect(rows.map((r) => read(r, 'token-price'))).toEqual([' · $1.00', ' · $3,000.00', ' · $0.50', null])
  expect(rows[3]?.textContent).toContain('NOPRICE')
})

test('a test network shows 0.00: the devnet read for real lists the amounts with a value and price of $0.00', async () => {
  // The devnet's API emulator prices its tokens; on a network flagged as a test one they are worth nothing.
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, blockchainApiUrl: devnet.apiUrl, connected: true })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.poll(() => document.querySelectorAll('[data-slot="token-row"]').length).toBeGreaterThan(1)
  const rows = [...document.querySelectorAll('[data-slot="token-row"]')]
  const read = (slot: string) => rows.map((row) => row.querySelector(`[data-slot="${slot}"]`)?.textContent ?? null)
  expect(rows.map((row) => row.textContent)).toContainEqual(expect.stringContaining('USDC'))
  expect(read('token-balance').every((amount) => amount !== null && Number(amount.replace(/,/g, '')) > 0)).toBe(true)
  expect(new Set(read('token-value'))).toEqual(new Set(['$0.00']))
  expect(new Set(read('token-price'))).toEqual(new Set([' · $0.00']))
})
