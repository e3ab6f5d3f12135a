import type { TokenBalance } from '@portico/headless'

// The provider's checkout window, shared by the form (which opens it) and the in-progress view
// (which watches and reopens it). One at a time, as one purchase is in progress at a time.

let checkout: Window | null = null

/** The popup's name: a second purchase reuses the same window instead of stacking them. */
const windowName = 'portico-onramp'
const features = 'popup,width=500,height=720'

/**
 * @internal Opens the checkout window, blank when the link is not known yet. Must run inside the
 * user's click: browsers block a window opened after an await. `null` when the popup was blocked.
 *
 * @example
 * const popup = openCheckout() // in the click handler
 * const url = await createUrl()
 * navigateCheckout(popup, url)
 */
export function openCheckout(url = ''): Window | null {
  if (url && !isWebLink(url)) return null
  // A retry reuses the window still open, pointed at the new link.
  if (checkout && !checkout.closed) {
    if (url) checkout.location.href = url
    checkout.focus()
    return checkout
  }
  let popup: Window | null = null
  try {
    popup = window.open(url, windowName, features)
  } catch {
    popup = null
  }
  // The opener link stays: cutting it (`opener = null`) would also stop this page from closing the
  // window or pointing it at a new link once it shows the provider's origin. The provider is the
  // one the host configured, as with any payment popup.
  checkout = popup
  return popup
}

/** @internal Points an opened checkout window at the provider's link. */
export function navigateCheckout(popup: Window | null, url: string): void {
  if (popup && !popup.closed && isWebLink(url)) popup.location.href = url
}

/**
 * Only an http(s) link is opened: a `javascript:` one in a window this page opened would run with
 * this page's origin. (The links come from `generateOnrampUrl`, which refuses others too.)
 */
function isWebLink(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/** @internal The checkout window of the purchase in progress, if one was opened. */
export function currentCheckout(): Window | null {
  return checkout
}

/**
 * @internal The wallet's balance of the bought token: by contract address when it has one,
 * else the native entry with that symbol.
 *
 * @example
 * findBought(balance.data, { symbol: 'USDC', address: '0x…' })?.quantity.numeric
 */
export function findBought(
  balances: readonly TokenBalance[] | undefined,
  token: { symbol: string; address?: string | undefined },
): TokenBalance | undefined {
  if (!balances) return undefined
  const address = token.address?.toLowerCase()
  if (address) return balances.find((b) => b.address?.toLowerCase() === address)
  return (
    balances.find((b) => !b.address && b.symbol === token.symbol) ?? balances.find((b) => b.symbol === token.symbol)
  )
}
