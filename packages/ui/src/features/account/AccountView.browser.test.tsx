// AccountView in the browser with the Devnet Wallet on the devnet: the header's short address and
// native balance, Copy (the whole address, once per click; a refused clipboard said so), Disconnect
// on a double click (the wallet asked once), the explorer link only where the network has an
// explorer, and hostile input: a name from the identity service with markup, a bidi override and
// no end, token names and symbols with markup and amounts past any float. The identity's answer is
// written over the emulator's real one in the instance's `fetch` (the browser starts no server of
// its own). The token rows' order and formats, the Arabic layout, the balance's failure and
// lockout, names from the profile service and the Activity tab are covered in AccountTokens,
// AccountView.rtl, faults, names/ProfileIdentity and ActivityList; the modal's own Copy/Disconnect
// smoke test in modal/Modal.browser.test.tsx.
import { getConnection, type TokenBalance, truncateAddress } from '@portico/headless'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { recordAnnouncements } from '../../test/announcements.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

async function openAccount(options: HarnessOptions = {}) {
  const harness = await createHarness({ connected: true, rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await accountViewSettled()
  return harness
}

const head = () => document.querySelector('[data-slot="account-name"]') as HTMLElement
const headerBalance = () => document.querySelector('[data-slot="account-balance"]') as HTMLElement
const copyButton = () => page.getByRole('button', { name: 'Copy address' })

const token = (name: string, symbol: string, numeric: string, address?: string): TokenBalance => ({
  name,
  symbol,
  chainId: 'eip155:31337',
  ...(address ? { address } : {}),
  quantity: { decimals: '18', numeric },
})

test('default: the header shows the short address and the native balance with 3 decimals', async () => {
  const { wallet } = await openAccount({
    balances: [
      token('Ether', 'ETH', '12.3456789'),
      token('USD Coin', 'USDC', '5', '0x5FbDB2315678afecb367f032d93F642f64180aa3'),
    ],
  })
  await expect.poll(() => head().textContent).toBe(truncateAddress(wallet.address))
  expect(head().textContent).toMatch(/^0xf3.*2266$/i)
  expect(headerBalance().textContent).toBe('12.345 ETH')
  expect(headerBalance().hasAttribute('aria-busy')).toBe(false)
})

test('behavior: with the blockchain API off there are no NFTs or Activity tabs (they could only fail), and no tab list of one: the Tokens list alone, read from the RPC', async () => {
  const fetched: string[] = []
  await openAccount({
    fetch: (input, init) => {
      fetched.push(String(input instanceof Request ? input.url : input))
      return fetch(input, init)
    },
  })
  const tokens = page.getByRole('region', { name: 'Tokens' })
  await expect.element(tokens.getByText('ETH').first()).toBeVisible()
  expect(page.getByRole('tablist').query()).toBeNull()
  expect(page.getByRole('tab').all()).toHaveLength(0)
  expect(page.getByRole('tabpanel').query()).toBeNull()
  expect(fetched.filter((url) => url.includes('/v1/account/'))).toEqual([])
})

test('default: with the blockchain API on, the Tokens, NFTs and Activity tabs', async () => {
  await openAccount({ blockchainApiUrl: devnet.apiUrl })
  await expect.element(page.getByRole('tab', { name: 'Activity' })).toBeVisible()
  expect(
    page
      .getByRole('tab')
      .all()
      .map((tab) => tab.element().textContent),
  ).toEqual(['Tokens', 'NFTs', 'Activity'])
})

test('behavior: Copy writes the whole checksummed address (not the short one), once per click, and says so', async () => {
  const { wallet } = await openAccount()
  const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  const announced = recordAnnouncements()
  await userEvent.click(copyButton())
  await expect.poll(announced.texts).toContain('Address copied')
  expect(write.mock.calls).toEqual([[wallet.address]])
  expect(wallet.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  expect(announced.texts()).not.toContain('Could not copy the address')
  announced.stop()
})

test('error: a clipboard the browser refuses says "Could not copy the address", and nothing else changes', async () => {
  const { portico } = await openAccount()
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  const announced = recordAnnouncements()
  await userEvent.click(copyButton())
  await expect.poll(announced.texts).toContain('Could not copy the address')
  expect(announced.texts()).not.toContain('Address copied')
  announced.stop()
  expect(getConnection(portico).isConnected).toBe(true)
  await expect.element(page.getByRole('dialog')).toBeVisible()
})

test('behavior: a double click on Disconnect closes the modal and disconnects the wallet once', async () => {
  const { portico, wallet } = await openAccount()
  const announced = recordAnnouncements()
  await userEvent.dblClick(page.getByRole('button', { name: 'Disconnect' }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.poll(() => getConnection(portico).isConnected).toBe(false)
  await expect.poll(announced.texts).toContain('Wallet disconnected')
  expect(announced.texts()).not.toContain('Failed to disconnect')
  announced.stop()
  expect(wallet.requests.filter((r) => r.method === 'wallet_revokePermissions')).toHaveLength(1)
})

test('behavior: on a network without an explorer there is no explorer link; the network button opens Choose Network', async () => {
  await openAccount({ walletChainId: 31338 })
  const network = page.getByRole('button', { name: 'Devnet 2' })
  await expect.element(network).toBeVisible()
  expect(document.querySelector('[data-slot="account-view"] a')).toBeNull()
  await userEvent.click(network)
  await expect.element(page.getByRole('list', { name: 'Choose Network' })).toBeVisible()
})

/** An instance `fetch` under which the identity service names every account `name` (the profile service none). */
function identityNamed(name: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    const response = await fetch(input, init)
    if (url.pathname.startsWith('/v1/identity/'))
      return Response.json({ name, avatar: 'javascript:window.__pwned=1' }, { status: response.status })
    if (url.pathname.startsWith('/v1/profile/reverse/')) return Response.json([])
    return response
  }
}

const withName = (name: string) =>
  openAccount({ blockchainApiUrl: devnet.apiUrl, projectId: 'account-view-ui', fetch: identityNamed(name) })

test('security: a hostile identity name (markup, a bidi override) is inert text, and Copy copies the address', async () => {
  const name = '\u202Egnp.<img src=x onerror="window.__pwned=1">.eth'
  const { wallet } = await withName(name)
  await expect.poll(() => head().textContent).toBe(name)
  expect(head().querySelector('img')).toBeNull()
  expect(document.querySelector('[data-slot="account-view"] img[src="x"], [src^="javascript:"]')).toBeNull()
  const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
  await userEvent.click(copyButton())
  await expect.poll(() => write.mock.calls).toEqual([[wallet.address]])
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})

test('default: a name from the identity service shows instead of the address, with Copy beside it in the dialog', async () => {
  await withName('alice.portico')
  await expect.poll(() => head().textContent).toBe('alice.portico')
  const dialog = page.getByRole('dialog').element().getBoundingClientRect()
  const copy = copyButton().element().getBoundingClientRect()
  expect(copy.width).toBeGreaterThan(0)
  expect(copy.left).toBeGreaterThanOrEqual(dialog.left)
  expect(copy.right).toBeLessThanOrEqual(dialog.right)
})

// A name may be any length and have no space or hyphen (ENS): it wraps, and Copy beside it stays
// inside the dialog, so the user can still copy their own address.
test('edge: a long name (45 characters, no spaces or hyphens) keeps Copy inside the dialog', async () => {
  const name = 'treasurymultisigoftheporticofoundationdao.eth'
  await withName(name)
  await expect.poll(() => head().textContent).toBe(name)
  const dialog = page.getByRole('dialog').element().getBoundingClientRect()
  const copy = copyButton().element().getBoundingClientRect()
  expect(copy.width).toBeGreaterThan(0)
  expect(copy.left).toBeGreaterThanOrEqual(dialog.left)
  expect(copy.right).toBeLessThanOrEqual(dialog.right)
})

test('security: markup in token names and symbols is text; a balance past any float keeps every digit', async () => {
  const markup = '<img src=x onerror="window.__pwned=1">'
  await openAccount({
    balances: [
      token(`Ether${markup}`, `E${markup}`, '98765432109876543210987654321.98765'),
      token(markup, `<b>USD</b>`, '1', '0x5FbDB2315678afecb367f032d93F642f64180aa3'),
    ],
  })
  await expect.poll(() => document.querySelectorAll('[data-slot="token-row"]').length).toBe(2)
  expect(headerBalance().textContent).toBe(`98,765,432,109,876,543,210,987,654,321.987 E${markup}`)
  const view = document.querySelector('[data-slot="account-view"]') as HTMLElement
  expect(view.querySelector('img[src="x"], b')).toBeNull()
  const text = [...document.querySelectorAll('[data-slot="token-row"]')].map((r) => r.textContent).join('\n')
  expect(text).toContain('<b>USD</b>')
  expect(text).toContain(`Ether${markup}`)
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})
