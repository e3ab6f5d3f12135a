// The token picker of the send flow in real Chromium, on seeded balances (no transfer is made):
// search by symbol, name and contract address, the empty-list text, decimals-0 and zero balances,
// hostile symbols and names, and picking with the keyboard. Picking by mouse and a real transfer
// are in SendView.browser.test.tsx; the form's checks in sendForm.test.ts.

import type { TokenBalance } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  delete (window as { __pwned?: unknown }).__pwned
})

const token = (symbol: string, name: string, numeric: string, extra: Partial<TokenBalance> = {}): TokenBalance => ({
  name,
  symbol,
  chainId: 'eip155:31337',
  quantity: { decimals: '18', numeric },
  ...extra,
})

const usdcAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ptkAddress = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const sample = [
  token('ETH', 'Ether', '1.5'),
  token('USDC', 'USD Coin (Devnet)', '100', { address: usdcAddress, quantity: { decimals: '6', numeric: '100' } }),
  token('PTK', 'Portico Token', '0', { address: ptkAddress }),
]

/** Opens the Send view over seeded balances, then the picker (so picking goes back to Send). */
async function openPicker(balances: TokenBalance[]) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, connected: true, balances })
  stops.push(harness.cleanup)
  await render(<harness.Wrapper view="Send" />)
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  await modalSettled()
  await page.getByRole('button', { name: 'Select token' }).first().click()
  await expect.element(page.getByRole('heading', { name: 'Select token' })).toBeVisible()
  return harness
}

const search = () => page.getByRole('searchbox', { name: 'Search token' })
/** The listed tokens' names, in order (each row: image, name over symbol, amount). */
const listed = () =>
  [...document.querySelectorAll('[data-slot="send-token-option"]')].map(
    (option) => [...option.children].at(-2)?.firstChild?.textContent ?? '',
  )

test('behavior: search matches symbol and name in any case (trimmed), a contract address only whole; no match says so', async () => {
  await openPicker(sample)
  await expect.poll(listed).toEqual(['Ether', 'USD Coin (Devnet)', 'Portico Token'])

  await userEvent.fill(search(), 'usdc')
  await expect.poll(listed).toEqual(['USD Coin (Devnet)'])
  await userEvent.fill(search(), '  PORTICO  ')
  await expect.poll(listed).toEqual(['Portico Token'])
  await userEvent.fill(search(), 'ether')
  await expect.poll(listed).toEqual(['Ether'])
  // The whole contract address, whatever its case, finds the token; a piece of it finds nothing.
  await userEvent.fill(search(), ptkAddress.toLowerCase())
  await expect.poll(listed).toEqual(['Portico Token'])
  await userEvent.fill(search(), ptkAddress.slice(0, 12))
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  expect(document.querySelector('[data-slot="send-token-option"]')).toBeNull()
  expect(page.getByRole('list', { name: 'Select token' }).query()).toBeNull()
  // Characters a regular expression would treat specially are searched as text.
  await userEvent.fill(search(), '.*')
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  await userEvent.fill(search(), '')
  await expect.poll(listed).toEqual(['Ether', 'USD Coin (Devnet)', 'Portico Token'])
})

test("default: no balances shows 'No tokens found'; decimals '0' is never listed; a zero balance is listed as 0", async () => {
  await openPicker([
    token('NFT', 'Indivisible', '3', {
      address: '0x0000000000000000000000000000000000000009',
      quantity: { decimals: '0', numeric: '3' },
    }),
  ])
  // The only token has decimals '0' (spec: low quality): the list is empty.
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  await userEvent.fill(search(), 'NFT')
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  expect(document.body.textContent).not.toContain('Indivisible')
  await cleanup()
  for (const stop of stops.splice(0)) stop()

  await openPicker([])
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  await cleanup()
  for (const stop of stops.splice(0)) stop()

  await openPicker(sample)
  const zero = page.getByRole('button', { name: /Portico Token/ })
  await expect.element(zero).toBeVisible()
  // The amount (the row's last part) is 0, not left out or shown as an error.
  expect(zero.element().lastElementChild?.textContent).toBe('0')
})

test('security: a hostile symbol and name are shown as text, run nothing, and are searchable as text', async () => {
  const hostile = '<img src=x onerror="window.__pwned=1">'
  const balances = [
    token(hostile, `${hostile} Coin`, '7', {
      address: '0x0000000000000000000000000000000000000bad',
      iconUrl: 'javascript:window.__pwned=2',
    }),
    token('"><svg onload=window.__pwned=3>', '{{constructor.constructor("window.__pwned=4")()}}', '1', {
      address: '0x0000000000000000000000000000000000000bae',
    }),
  ]
  await openPicker(balances)
  await expect.poll(listed).toEqual([`${hostile} Coin`, '{{constructor.constructor("window.__pwned=4")()}}'])
  const view = document.querySelector('[data-slot="send-select-token-view"]') as HTMLElement
  // Nothing of the text became markup: no injected image or svg, no javascript: source anywhere.
  expect(view.querySelector('img[src="x"], svg[onload]')).toBeNull()
  for (const image of view.querySelectorAll('img')) expect(image.getAttribute('src') ?? '').not.toMatch(/^javascript:/i)
  expect(view.textContent).toContain(hostile)
  await userEvent.fill(search(), '<img')
  await expect.poll(listed).toEqual([`${hostile} Coin`])
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

test('behavior: the keyboard picks a token: Send shows it, and the picker marks it (and only it) as current', async () => {
  await openPicker(sample)
  await userEvent.fill(search(), 'usd')
  await expect.poll(listed).toEqual(['USD Coin (Devnet)'])
  // From the search field, Tab reaches the option; Enter picks it.
  await userEvent.tab()
  expect(document.activeElement?.getAttribute('data-slot')).toBe('send-token-option')
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('heading', { name: 'Send' })).toBeVisible()
  await expect.poll(() => document.querySelector('[data-slot="send-token"]')?.textContent).toMatch(/USDC$/)
  expect(document.querySelector('[data-slot="send-balance"]')?.textContent).toContain('Balance: 100 USDC')

  await modalSettled()
  await page.getByRole('button', { name: /USDC/ }).first().click()
  await expect.element(page.getByRole('heading', { name: 'Select token' })).toBeVisible()
  // The search starts empty again; only the picked token is current.
  await expect.element(search()).toHaveValue('')
  await expect.poll(listed).toHaveLength(3)
  const current = [...document.querySelectorAll('[data-slot="send-token-option"]')].map((o) =>
    o.getAttribute('aria-current'),
  )
  expect(current).toEqual([null, 'true', null])
})
