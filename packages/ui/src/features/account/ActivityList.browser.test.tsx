// ActivityList (the Account view's Activity tab) in the browser against the devnet's blockchain-API
// emulator: the empty state of an account that never transacted, the loading state while the
// history is on its way, the error state whose "Try again" fetches once (a double click included),
// paging with "Load more" (one page request per click), and hostile history entries (markup in
// token names and types, amounts past any float, dates that are not dates). The browser cannot
// start a server of its own, so hostile pages are written over the emulator's real answers in the
// instance's `fetch` (the request still goes to the emulator, its faults apply). A real transfer's
// row (sign, amount, time), counterparty names, the API failing then recovering and the tab's
// flag are covered in modal/Modal, names/ProfileIdentity, account/faults and account/ActivityFlag.
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { holdRequests } from '../../test/holdRequests.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { setHostedFault } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'activity-list-ui'
const cleanups: (() => unknown)[] = []

const setFault = (hosted: 'ok' | 500 | 'reset') => setHostedFault(projectId, hosted)

afterEach(async () => {
  await setFault('ok')
  await cleanup()
  for (const stop of cleanups.splice(0)) await stop()
})

type Page = { data: unknown[]; next: string | null }

/**
 * An instance `fetch` that sends every history request to the emulator (without its cursor, which
 * the emulator would refuse as foreign) and, when `answer` is given, answers with `answer(cursor)`
 * instead of the emulator's page. `calls` lists the cursors asked for, in order ('' for the first).
 */
function historyRequests(answer?: (cursor: string) => Page) {
  const calls: string[] = []
  const fetchHistory: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input))
    if (!url.pathname.endsWith('/history')) return fetch(input, init)
    const cursor = url.searchParams.get('cursor') ?? ''
    calls.push(cursor)
    url.searchParams.delete('cursor')
    const response = await fetch(url, init)
    if (!answer || !response.ok) return response
    return new Response(JSON.stringify(answer(cursor)), { headers: { 'content-type': 'application/json' } })
  }
  return { calls, fetch: fetchHistory }
}

const minedAt = new Date(Date.now() - 3 * 3600_000).toISOString()
const entry = (id: string, extra: { metadata?: object; transfers?: object[] } = {}) => ({
  id,
  metadata: {
    operationType: 'receive',
    minedAt,
    chain: 'eip155:31337',
    sentFrom: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    ...extra.metadata,
  },
  transfers: extra.transfers ?? [
    { fungible_info: { name: 'Ether', symbol: 'ETH' }, direction: 'in', quantity: { numeric: '1' } },
  ],
})

async function openActivity(options: HarnessOptions = {}) {
  const harness = await createHarness({
    connected: true,
    projectId,
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await accountViewSettled()
  await userEvent.click(page.getByRole('tab', { name: 'Activity' }))
  return page.getByRole('tabpanel', { name: 'Activity' })
}

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-slot="activity-row"]')]

test('default: an account that never transacted shows "No activity yet" with its line, and no list', async () => {
  const history = historyRequests()
  // A key nobody else uses: the devnet has no transaction of it.
  const panel = await openActivity({ accountKey: generatePrivateKey(), fetch: history.fetch })
  await expect.element(panel.getByText('No activity yet')).toBeVisible()
  await expect.element(panel.getByText('Your transactions will show here.')).toBeVisible()
  expect(panel.getByRole('list').query()).toBeNull()
  expect(panel.getByRole('button', { name: 'Load more' }).query()).toBeNull()
  expect(history.calls).toEqual([''])
})

test('behavior: while the history is on its way the tab shows a labelled spinner, then the answer', async () => {
  const held = holdRequests('/history')
  const panel = await openActivity({ accountKey: generatePrivateKey(), fetch: held.fetch })
  await expect.poll(() => held.held).toBeGreaterThan(0)
  await expect.element(panel.getByRole('status', { name: 'Loading…' })).toBeVisible()
  expect(panel.getByText('No activity yet').query()).toBeNull()
  held.release()
  await expect.element(panel.getByText('No activity yet')).toBeVisible()
  expect(panel.getByRole('status', { name: 'Loading…' }).query()).toBeNull()
})

test('error: a failing API leaves the list empty with the message; a double click on "Try again" fetches once', async () => {
  const history = historyRequests((cursor) => ({ data: cursor ? [] : [entry('after-retry')], next: null }))
  await setFault(500)
  const panel = await openActivity({ fetch: history.fetch })
  await expect.element(panel.getByText('Failed to fetch transactions')).toBeVisible()
  expect(rows()).toEqual([])
  const retry = panel.getByRole('button', { name: 'Try again' })
  await expect.element(retry).toBeEnabled()
  await setFault('ok')
  const before = history.calls.length
  await userEvent.dblClick(retry)
  await expect.poll(rows).toHaveLength(1)
  expect(panel.getByText('Failed to fetch transactions').query()).toBeNull()
  expect(history.calls.length - before).toBe(1)
})

test('behavior: "Load more" asks for the next page by its cursor and appends it; with no next page the control goes', async () => {
  const first = Array.from({ length: 20 }, (_, i) => entry(`p1-${i}`))
  const second = [entry('p2-0'), entry('p2-1')]
  const history = historyRequests((cursor) =>
    cursor === '' ? { data: first, next: 'page-2' } : { data: cursor === 'page-2' ? second : [], next: null },
  )
  const panel = await openActivity({ fetch: history.fetch })
  await expect.poll(rows).toHaveLength(20)
  expect(history.calls).toEqual([''])
  const more = panel.getByRole('button', { name: 'Load more' })
  await expect.element(more).toBeEnabled()
  // The control is the list's last item, after the rows.
  expect(more.element().closest('li')?.previousElementSibling?.getAttribute('data-slot')).toBe('activity-row')
  await userEvent.click(more)
  await expect.poll(rows).toHaveLength(22)
  expect(history.calls).toEqual(['', 'page-2'])
  await expect.element(more).not.toBeInTheDocument()
  // One list, the first page's rows kept in order and not repeated.
  expect(document.querySelectorAll('[data-slot="activity-list"]')).toHaveLength(1)
  expect(rows().at(-1)?.closest('ul')?.lastElementChild).toBe(rows().at(-1))
})

test('security: hostile entries render as inert text; huge amounts keep every digit to 3 decimals; bad dates show no "NaN"', async () => {
  const markup = '<img src=x onerror="window.__pwned=1">'
  const history = historyRequests(() => ({
    data: [
      entry('markup', {
        metadata: { operationType: 'receive' },
        transfers: [
          {
            fungible_info: { name: markup, symbol: `${markup}PWN`, icon: { url: 'javascript:window.__pwned=1' } },
            direction: 'in',
            quantity: { numeric: '123456789012345678901234567890.123456789' },
          },
        ],
      }),
      entry('bad-date', { metadata: { operationType: 'send', minedAt: 'yesterday-ish', sentTo: '0xabc' } }),
      entry('future', { metadata: { minedAt: '9999-12-31T23:59:59Z' } }),
      entry('odd-type', {
        metadata: { operationType: '<b>rug</b>' },
        transfers: [{ direction: 'out', quantity: { numeric: '1e999999' } }],
      }),
      // Malformed (no id) and another network's: dropped, not shown.
      { metadata: { minedAt } },
      entry('other-chain', { metadata: { chain: 'eip155:1' } }),
    ],
    next: null,
  }))
  await openActivity({ fetch: history.fetch })
  await expect
    .poll(() => rows().map((r) => r.getAttribute('data-type')))
    .toEqual(['receive', 'send', 'receive', '<b>rug</b>'])
  const [hostile, badDate, future, odd] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
  // Markup is text: no element came out of it, and nothing ran.
  expect(hostile.querySelector('img[src="x"], b')).toBeNull()
  expect(hostile.textContent).toContain(`+123,456,789,012,345,678,901,234,567,890.123 ${markup}PWN`)
  expect(document.querySelector('[data-slot="activity-list"] img[src^="javascript:"]')).toBeNull()
  expect(odd.querySelector('b')).toBeNull()
  expect(odd.textContent).toContain('<b>rug</b>')
  for (const row of rows()) expect(row.textContent).not.toMatch(/NaN|Infinity|undefined|Invalid Date/)
  // A date that is not one: no time at all; one in the future: no negative time.
  expect(badDate.textContent).toMatch(/Sent0xabc · 1 ETH$/)
  expect(future.textContent).not.toMatch(/-\d/)
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})
