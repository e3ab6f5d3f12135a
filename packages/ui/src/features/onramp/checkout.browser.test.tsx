// The checkout window in real Chromium: `openCheckout` opens one named popup and reuses it while it
// is open, says `null` when the browser blocks it, `navigateCheckout` points it at the provider's
// link as given (its parameters untouched), and `findBought` picks the bought token's balance. The
// provider link's parameters (publicKey, destinationCurrencyCode, walletAddress, externalCustomerId)
// are built and tested in headless (createOnrampUrl.test.ts, client.test.ts); the Buy views around
// this module are in OnRamp.browser.test.tsx.
import type { TokenBalance } from '@portico/headless'
import { afterEach, expect, test, vi } from 'vitest'
import { currentCheckout, findBought, navigateCheckout, openCheckout } from './checkout.js'

afterEach(() => {
  vi.restoreAllMocks()
  currentCheckout()?.close()
})

/** A same-origin address whose load the test can read back from the popup (its content does not matter). */
const sameOrigin = (query: string) => `${location.origin}/__portico_checkout_test__/?${query}`

/** The popup's address once it has loaded `url`. */
const untilAt = (popup: Window, url: string) =>
  vi.waitFor(() => expect(popup.location.href).toBe(url), { timeout: 10_000 })

test('behavior: opens one named popup of the spec size, blank until the link is known, then points it at the link', async () => {
  const open = vi.spyOn(window, 'open')
  const popup = openCheckout()
  expect(open).toHaveBeenCalledTimes(1)
  expect(open).toHaveBeenCalledWith('', 'portico-onramp', 'popup,width=500,height=720')
  expect(popup).not.toBeNull()
  expect(currentCheckout()).toBe(popup)
  const url = sameOrigin('walletAddress=0xabc&externalCustomerId=0xabc')
  navigateCheckout(popup, url)
  await untilAt(popup as Window, url)
})

test('behavior: a retry while the window is open reuses it at the new link; once closed, a new one opens', async () => {
  const open = vi.spyOn(window, 'open')
  const first = openCheckout(sameOrigin('attempt=1')) as Window
  await untilAt(first, sameOrigin('attempt=1'))
  const again = openCheckout(sameOrigin('attempt=2'))
  expect(again).toBe(first)
  expect(open).toHaveBeenCalledTimes(1)
  await untilAt(first, sameOrigin('attempt=2'))
  // No link: the window open stays where it is.
  expect(openCheckout()).toBe(first)
  expect(first.location.href).toBe(sameOrigin('attempt=2'))
  first.close()
  await vi.waitFor(() => expect(first.closed).toBe(true))
  const second = openCheckout()
  expect(open).toHaveBeenCalledTimes(2)
  expect(second).not.toBe(first)
  expect(currentCheckout()).toBe(second)
})

test('error: a blocked popup (null) or a window.open that throws gives null, and the next attempt asks again', () => {
  const open = vi.spyOn(window, 'open').mockReturnValueOnce(null)
  expect(openCheckout('https://127.0.0.1:9/checkout')).toBeNull()
  expect(currentCheckout()).toBeNull()
  open.mockImplementationOnce(() => {
    throw new DOMException('Blocked by sandbox', 'InvalidAccessError')
  })
  expect(openCheckout()).toBeNull()
  expect(currentCheckout()).toBeNull()
  open.mockReturnValueOnce(null)
  expect(openCheckout()).toBeNull()
  expect(open).toHaveBeenCalledTimes(3)
  // Navigating nothing, or a closed window, does nothing and never throws.
  expect(() => navigateCheckout(null, 'https://127.0.0.1:9/checkout')).not.toThrow()
})

test('error: navigating a window the user already closed does nothing', async () => {
  const popup = openCheckout() as Window
  popup.close()
  await vi.waitFor(() => expect(popup.closed).toBe(true))
  expect(() => navigateCheckout(popup, sameOrigin('late=1'))).not.toThrow()
  // A closed window is not reused: the next open asks the browser again.
  const open = vi.spyOn(window, 'open')
  openCheckout()
  expect(open).toHaveBeenCalledTimes(1)
})

test('security: the link is opened exactly as given: encoded parameters stay encoded, none is added or decoded', async () => {
  const url = sameOrigin(
    'publicKey=pk_test&walletAddress=0xAbC&externalCustomerId=a%26publicKey%3Devil%23x&destinationCurrencyCode=USDC',
  )
  const popup = openCheckout(url) as Window
  await untilAt(popup, url)
  const params = new URL(popup.location.href).searchParams
  expect(params.getAll('publicKey')).toEqual(['pk_test'])
  expect(params.get('externalCustomerId')).toBe('a&publicKey=evil#x')
  expect([...params.keys()]).toEqual(['publicKey', 'walletAddress', 'externalCustomerId', 'destinationCurrencyCode'])
})

// Not reachable from today's views (their link comes from `generateOnrampUrl`, which refuses
// anything but http(s)); a `javascript:` link in a popup this page opened would run with its origin.
test('security: only an http(s) link is opened; a javascript: or data: link is not', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  openCheckout('javascript:opener.__pwned=1')
  openCheckout('data:text/html,<script>opener.__pwned=1</script>')
  expect(open.mock.calls.map(([url]) => url)).toEqual([])
})

const entry = (over: Partial<TokenBalance>): TokenBalance => ({
  name: 'x',
  symbol: 'X',
  chainId: 'eip155:1',
  quantity: { decimals: '6', numeric: '1' },
  ...over,
})

test('behavior: findBought matches the bought token by contract address in any case', () => {
  const usdc = entry({ symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })
  const balances = [entry({ symbol: 'ETH' }), usdc]
  expect(findBought(balances, { symbol: 'USDC', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' })).toBe(usdc)
  expect(findBought(undefined, { symbol: 'USDC' })).toBeUndefined()
  expect(findBought([], { symbol: 'USDC' })).toBeUndefined()
})

test('security: a token that only shares the symbol is never taken for the bought one when it has an address', () => {
  const fake = entry({ symbol: 'USDC', address: '0x0000000000000000000000000000000000000bad' })
  expect(findBought([fake], { symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toBeUndefined()
})

test('behavior: without an address, the native entry of that symbol wins over a token of the same symbol', () => {
  const token = entry({ symbol: 'SOL', address: 'So11111111111111111111111111111111111111112' })
  const native = entry({ symbol: 'SOL' })
  expect(findBought([token, native], { symbol: 'SOL' })).toBe(native)
  // No native entry: a token of that symbol is the best reading there is; a different symbol never is.
  expect(findBought([token], { symbol: 'SOL' })).toBe(token)
  expect(findBought([entry({ symbol: 'ETH' })], { symbol: 'SOL', address: undefined })).toBeUndefined()
})
