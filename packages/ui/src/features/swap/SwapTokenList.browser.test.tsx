// SwapTokenList (one side's searchable token list) in real Chromium, rendered alone inside the kit
// with a token list the test chooses (the list is the convert API's answer: untrusted), the wallet's
// seeded balances, and the swap form read back through the real draft. Covers hostile names,
// symbols and logos, the search rules (trimmed, case-insensitive, exact address), look-alike
// symbols, balances, keyboard picking and what a pick writes to the form. The list inside the whole
// flow (search, pick, flip on picking the other side's token, Back) is in SwapView.browser.test.tsx.
import { nativeSwapTokenAddress, type SwapToken } from '@portico/headless/swap'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'
import { SwapTokenList } from './SwapTokenList.js'
import { swapEn } from './swap.en.js'
import { useSwapDraft } from './useSwapDraft.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const token = (name: string, symbol: string, address: string, extra: Partial<SwapToken> = {}): SwapToken => ({
  name,
  symbol,
  address: `eip155:31337:${address}`,
  decimals: 18,
  logoUri: undefined,
  price: undefined,
  eip2612: false,
  ...extra,
})
// The harness seeds balances for these: ETH (no address), USDC and PTK.
const usdcAddress = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const eth = token('Ether', 'ETH', nativeSwapTokenAddress)
const usdc = token('USD Coin', 'USDC', usdcAddress, { decimals: 6 })
const ptk = token('Portico Token', 'PTK', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512')

type Draft = ReturnType<typeof useSwapDraft>
let latest: Draft | undefined
function DraftProbe({ tokens }: { tokens: readonly SwapToken[] }) {
  latest = useSwapDraft(tokens)
  return null
}
const draft = () => latest as Draft

async function showList(tokens: readonly SwapToken[], side: 'from' | 'to' = 'to') {
  // The draft's gas price and allowance reads go to the devnet's API (loopback), never a hosted one.
  const harness = await createHarness({ connected: true, blockchainApiUrl: inject('devnet').apiUrl })
  stops.push(harness.cleanup)
  latest = undefined
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <SwapTokenList text={swapEn} tokens={tokens} side={side} />
      <DraftProbe tokens={tokens} />
    </Wrapper>,
  )
  await expect.element(page.getByRole('textbox', { name: 'Search token' })).toBeVisible()
  await expect.poll(() => latest).toBeDefined()
}

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-slot="swap-token-row"]')]
const shownSymbols = () => rows().map((row) => row.dataset.symbol)

test('security: hostile names, symbols and logos from the token API are shown as text; nothing runs, nothing loads off the allow-list', async () => {
  const w = window as { __pwnedList?: number }
  w.__pwnedList = undefined
  const hostile = [
    token(
      '<img src=x onerror="window.__pwnedList=1">',
      '<script>window.__pwnedList=2</script>',
      `0x${'a1'.repeat(20)}`,
      {
        logoUri: 'javascript:window.__pwnedList=3',
      },
    ),
    // A right-to-left override would make 'CDSU' read as 'USDC'.
    token('USD Coin\u202e', '\u202eCDSU', `0x${'a2'.repeat(20)}`, {
      logoUri: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__pwnedList=4'/>",
    }),
    token('Tracker', 'TRK', `0x${'a3'.repeat(20)}`, { logoUri: 'http://127.0.0.1:9/pixel.png' }),
  ]
  await showList(hostile)
  expect(rows()).toHaveLength(3)
  const list = document.querySelector('[data-slot="swap-token-list"]') as HTMLElement
  expect(list.querySelector('script')).toBeNull()
  expect(rows()[0]?.textContent).toContain('<img src=x onerror="window.__pwnedList=1">')
  expect(rows()[0]?.textContent).toContain('<script>window.__pwnedList=2</script>')
  // Only images the kit may show: a data:image (an <img> never runs its script), never javascript:
  // or a host that is not an image host.
  for (const img of list.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').toMatch(/^data:image\//)
  await userEvent.click(page.getByRole('button', { name: /^Tracker/ }))
  expect(w.__pwnedList).toBeUndefined()
  expect(draft().form.to).toBe(`eip155:31337:0x${'a3'.repeat(20)}`)
})

test('behavior: search is trimmed and case-insensitive over name and symbol; an address matches only whole (bare or CAIP-10, any case)', async () => {
  await showList([eth, usdc, ptk])
  const search = page.getByRole('textbox', { name: 'Search token' })
  expect(shownSymbols()).toEqual(['ETH', 'USDC', 'PTK'])
  await userEvent.fill(search, '  usd  ')
  await expect.poll(shownSymbols).toEqual(['USDC'])
  await userEvent.fill(search, 'TOKEN')
  await expect.poll(shownSymbols).toEqual(['PTK'])
  await userEvent.fill(search, usdcAddress.toUpperCase().replace('0X', '0x'))
  await expect.poll(shownSymbols).toEqual(['USDC'])
  await userEvent.fill(search, ` eip155:31337:${usdcAddress.toLowerCase()} `)
  await expect.poll(shownSymbols).toEqual(['USDC'])
  // Part of an address is no match (an address is a token's identity, not a word in its name).
  await userEvent.fill(search, usdcAddress.slice(0, 20))
  await expect.poll(shownSymbols).toEqual([])
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  // Characters special to a pattern are plain text: no throw, no match-all.
  await userEvent.fill(search, '.*')
  await expect.poll(shownSymbols).toEqual([])
  await userEvent.fill(search, '(')
  await expect.poll(shownSymbols).toEqual([])
  await userEvent.fill(search, '')
  await expect.poll(shownSymbols).toEqual(['ETH', 'USDC', 'PTK'])
  expect(document.body.textContent).not.toContain('No tokens found')
})

test("edge: an empty token list says 'No tokens found' before any search", async () => {
  await showList([])
  await expect.element(page.getByText('No tokens found')).toBeVisible()
  expect(rows()).toHaveLength(0)
})

test('security: two tokens with the same symbol are both listed, and the one picked is the one swapped (by address, not by symbol)', async () => {
  const fake = token('USD Coin', 'USDC', `0x${'bb'.repeat(20)}`, { decimals: 6 })
  await showList([eth, fake, usdc])
  await userEvent.fill(page.getByRole('textbox', { name: 'Search token' }), 'usdc')
  await expect.poll(() => rows().length).toBe(2)
  // The real USDC (listed second) shows the wallet's balance; the look-alike none.
  expect(rows()[1]?.textContent).toMatch(/10,000$/)
  expect(rows()[0]?.textContent).toMatch(/USDC$/)
  await userEvent.click(rows()[1] as HTMLElement)
  await expect.poll(() => draft().to).toBe(usdc)
  expect(draft().form.to).toBe(usdc.address)
  // The native currency pays by default: the pick writes it, not a symbol a look-alike could share.
  expect(draft().form.from).toBe(eth.address)
})

test('behavior: each row shows the wallet’s balance of that token (the native currency by its missing address), blank without one', async () => {
  const unheld = token('Other', 'OTH', `0x${'cc'.repeat(20)}`)
  await showList([eth, usdc, ptk, unheld], 'from')
  const balances = rows().map((row) => row.lastElementChild?.textContent)
  expect(balances).toEqual(['9,999.998', '10,000', '1,000', ''])
})

test('a11y: keyboard only: from the search field, Tab reaches the first row and Enter picks it for the side shown', async () => {
  await showList([eth, usdc, ptk], 'from')
  await userEvent.click(page.getByRole('textbox', { name: 'Search token' }))
  await userEvent.keyboard('ptk')
  await expect.poll(shownSymbols).toEqual(['PTK'])
  await userEvent.tab()
  expect(document.activeElement).toBe(rows()[0])
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => draft().from).toBe(ptk)
  expect(draft().to).toBeUndefined()
})

// With nothing picked to pay, the native currency pays by default; picking it to receive flips the
// pair, and the empty pay side then does not fall back to it (ETH → ETH, which no quote serves).
test('edge: picking the default payer (the native currency) to receive never leaves the same token on both sides', async () => {
  await showList([eth, usdc, ptk], 'to')
  expect(draft().from).toBe(eth) // the default payer
  await userEvent.click(page.getByRole('button', { name: /^Ether/ }))
  await expect.poll(() => draft().to).toBe(eth)
  expect(draft().from).not.toBe(eth)
})
