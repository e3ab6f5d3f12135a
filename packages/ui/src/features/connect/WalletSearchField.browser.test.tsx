// All Wallets' search field (WalletSearchField) rendered alone on the page's clock, faked: the
// query reaches the list only after the spec's 300 ms, trimmed (spec: "Search text is trimmed"),
// with its case and inner spaces kept, once per pause; typing back to the listed query drops the
// wait; Arrow Down enters the list; its name and attributes. Then in All Wallets: a query in other
// case finds the wallet, and the no-match text (the catalogue's) shows hostile input as text. The
// wait counted from the keystroke, stand-ins and the directory request are in AllWalletsView's test;
// "search is trimmed and sent" in modal/Modal.browser.test.tsx.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { en } from '../../i18n/messages.js'
import { createHarness } from '../../test/harness.js'
import { searchMinimumWaitMs } from './searchWait.js'
import { WalletSearchField } from './WalletSearchField.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const server = inject('imageServerUrl')
const stops: (() => void)[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const stop of stops.splice(0)) stop()
})

const box = () => page.getByRole('searchbox', { name: en.searchLabel })

/** The field alone, listing `query`; the page's timers are faked from then on. */
async function mount(query = '') {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, devnetWallet: false })
  stops.push(harness.cleanup)
  const onQuery = vi.fn()
  const onArrowDown = vi.fn()
  await render(
    <harness.Wrapper>
      <WalletSearchField query={query} onQuery={onQuery} onArrowDown={onArrowDown} listId="wallet-list" />
      <ul id="wallet-list" />
    </harness.Wrapper>,
  )
  await expect.element(box()).toBeVisible()
  // Mounting tells the list the query it already shows.
  expect(onQuery.mock.calls).toEqual([[query]])
  onQuery.mockClear()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  return { onQuery, onArrowDown }
}

test('behavior: the query reaches the list once, 300 ms after the typing stops, not on each keystroke', async () => {
  const { onQuery } = await mount()
  await userEvent.type(box(), 'rain')
  expect((box().element() as HTMLInputElement).value).toBe('rain')
  expect(onQuery).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(0)
  expect(onQuery).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(searchMinimumWaitMs)
  expect(onQuery.mock.calls).toEqual([['rain']])
  expect(searchMinimumWaitMs).toBe(300)
})

test('edge: the query is trimmed, its case and inner spaces kept', async () => {
  const { onQuery } = await mount()
  await userEvent.fill(box(), '  Meta  Mask \t')
  await vi.advanceTimersByTimeAsync(searchMinimumWaitMs)
  expect(onQuery.mock.calls).toEqual([['Meta  Mask']])
  // What the user typed stays in the field as typed.
  expect((box().element() as HTMLInputElement).value).toBe('  Meta  Mask \t')
})

test('edge: spaces alone are the empty query the list shows: nothing waits, nothing new is asked', async () => {
  const { onQuery } = await mount()
  await userEvent.fill(box(), '    ')
  // Told at once, with no wait: the query it already lists.
  expect(onQuery.mock.calls).toEqual([['']])
  await vi.advanceTimersByTimeAsync(searchMinimumWaitMs)
  expect(onQuery.mock.calls).toEqual([['']])
})

test('behavior: typed back to the listed query before the wait ends, the pending search is dropped', async () => {
  const { onQuery } = await mount('zen')
  await userEvent.fill(box(), 'zenith')
  expect(onQuery).not.toHaveBeenCalled()
  await userEvent.fill(box(), ' zen ')
  // At once, no wait: the list already shows it.
  expect(onQuery.mock.calls).toEqual([['zen']])
  await vi.advanceTimersByTimeAsync(searchMinimumWaitMs * 2)
  expect(onQuery.mock.calls).toEqual([['zen']])
})

test('a11y: Arrow Down enters the list (once, the caret not moved); other keys do not', async () => {
  const { onArrowDown } = await mount()
  const prevented: boolean[] = []
  const record = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') prevented.push(event.defaultPrevented)
  }
  document.addEventListener('keydown', record)
  stops.push(() => document.removeEventListener('keydown', record))
  await userEvent.click(box())
  await userEvent.keyboard('{ArrowUp}{Enter}x')
  expect(onArrowDown).not.toHaveBeenCalled()
  await userEvent.keyboard('{ArrowDown}')
  expect(onArrowDown).toHaveBeenCalledTimes(1)
  expect(prevented).toEqual([true])
})

test('a11y: a search box named for screen readers, controlling the list, with no autocomplete or spellcheck', async () => {
  await mount()
  const input = box().element() as HTMLInputElement
  expect(input.type).toBe('search')
  expect(input.getAttribute('aria-controls')).toBe('wallet-list')
  expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).not.toBeNull()
  expect(input.placeholder).toBe(en.searchPlaceholder)
  expect(input.getAttribute('autocomplete')).toBe('off')
  expect(input.getAttribute('spellcheck')).toBe('false')
})

async function mountAllWallets() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, directoryUrl: server })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="AllWallets">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
}

test('edge: in All Wallets a query in other case finds the wallet', async () => {
  await mountAllWallets()
  await userEvent.fill(box(), '  DIRECTORY wallet 005 ')
  const view = () => document.querySelector('[data-slot="all-wallets-view"]')
  // The directory's answer is listed (not the loaded stand-ins), for the trimmed query as typed.
  await expect.poll(() => view()?.getAttribute('data-query')).toBe('DIRECTORY wallet 005')
  await expect.poll(() => view()?.hasAttribute('data-provisional')).toBe(false)
  await expect.element(page.getByRole('button', { name: 'Directory Wallet 005' })).toBeVisible()
  expect(page.getByRole('button', { name: 'Directory Wallet 001' }).query()).toBeNull()
})

test('security: no match in All Wallets says so with the trimmed query as text, markup never parsed', async () => {
  await mountAllWallets()
  const query = '<img src=x onerror="window.__pwned=1">nothing'
  await userEvent.fill(box(), `   ${query}  `)
  const noMatch = page.getByText(en.noSearchResults(query))
  await expect.element(noMatch).toBeVisible()
  expect(en.noSearchResults(query)).toBe(`No wallet matches “${query}”`)
  const view = document.querySelector('[data-slot="all-wallets-view"]') as HTMLElement
  expect(view.querySelector('img[src="x"]')).toBeNull()
  expect(view.querySelectorAll('[data-slot="directory-wallet-row"], [data-slot="wallet-row"]')).toHaveLength(0)
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})
