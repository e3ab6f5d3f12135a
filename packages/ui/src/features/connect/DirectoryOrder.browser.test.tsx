// The order and the narrowing of directory wallets, in the Connect view and in All Wallets, against
// the devnet's wallet directory emulator (its ~520 generated wallets with hostile entries spread
// over the first page), for a visitor with nothing installed: the host's featured wallets in its
// order, recommended ones in the directory's, and its includeWalletIds / excludeWalletIds in every
// list, count and search.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { en } from '../../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { directoryCountLabel } from '../../utils/directoryCount.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

type Entry = { id: string; name?: string }

/** The devnet directory's answer, asked directly (the emulator's hosted routes want these three). */
async function directory(params: Record<string, string> = {}): Promise<{ count: number; data: Entry[] }> {
  const url = new URL(`${devnet.apiUrl}/getWallets`)
  const query = { projectId: 'harness', st: 'appkit', sv: 'test', page: '1', entries: '100', ...params }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return (await fetch(url)).json()
}
/** What the kit lists of an answer: entries without a name of 1 to 500 characters are dropped. */
const listable = (entries: readonly Entry[]) =>
  entries.filter((w) => typeof w.name === 'string' && w.name.length > 0 && w.name.length <= 500)
/** Ordinary generated wallets of the first 100 (no hostile entry, no devnet web wallet). */
async function ordinary() {
  return (await directory()).data.filter((w) => /^[0-9a-f]{64}$/.test(w.id)) as Required<Entry>[]
}

/** Opens the Connect view of the prebuilt modal: nothing installed, WalletConnect on the devnet relay. */
async function openConnect(
  options: HarnessOptions = {},
  before?: (harness: Awaited<ReturnType<typeof createHarness>>) => void,
) {
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    directoryUrl: devnet.apiUrl,
    devnetWallet: false,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  before?.(harness)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return harness
}

/** The Connect view's wallet rows once the directory's answers are in (no held places left). */
async function connectRows() {
  const view = () => document.querySelector('[data-slot="connect-view"]')
  await vi.waitFor(
    () => {
      expect(view()).toBeTruthy()
      expect(view()?.querySelector('[data-slot="wallet-row-held"]')).toBeNull()
      expect(view()?.querySelector('[data-slot="all-wallets"] [class]:last-child')?.textContent).toMatch(/\d/)
    },
    { timeout: 15_000 },
  )
  return [...(view()?.querySelectorAll('[data-slot$="wallet-row"]') ?? [])].map((row) => {
    const slot = row.getAttribute('data-slot')
    // An installed (or remote) wallet's row is named by its label and badge.
    return slot === 'wallet-row'
      ? (row.textContent ?? '')
      : `${slot?.replace('-wallet-row', '')}:${row.getAttribute('data-wallet')}`
  })
}
/** WalletConnect's own row (its label and its "QR code" badge). */
const walletConnectRow = expect.stringMatching(/^WalletConnect/)

const allWalletsView = () => document.querySelector('[data-slot="all-wallets-view"]') as HTMLElement
/** What All Wallets lists at `index`: a directory wallet's id, `connector` (WalletConnect), or undefined (not rendered). */
function rowAt(index: number) {
  const item = allWalletsView().querySelector(`li[data-index="${index}"]`)
  if (!item) return undefined
  return item.querySelector('[data-wallet]')?.getAttribute('data-wallet') ?? 'connector'
}

async function openAllWallets() {
  await userEvent.click(page.getByRole('button', { name: /^All Wallets/ }))
  await vi.waitFor(() => expect(rowAt(0)).toBeTruthy(), { timeout: 15_000 })
}

/**
 * The first `count` wallets All Wallets lists, scrolling its virtual list row by row as far as it
 * needs (the next page of 40 loads when the list comes near the end of what is loaded).
 */
async function allWalletIds(count: number) {
  const scroller = allWalletsView().querySelector('ul')?.parentElement as HTMLElement
  const ids: string[] = []
  for (let index = 0; index < count; index++) {
    if (!rowAt(index)) {
      // A row is 56 px high with an 8 px gap.
      scroller.scrollTop = index * 64
      await vi.waitFor(() => expect(rowAt(index), `row ${index}`).toBeTruthy(), { timeout: 15_000 })
    }
    ids.push(rowAt(index) as string)
  }
  return ids
}

/** Commits a search in All Wallets and waits for the directory's answer (not the stand-ins). */
async function search(term: string) {
  await userEvent.fill(page.getByRole('searchbox', { name: 'Search wallets' }), term)
  await vi.waitFor(
    () => {
      expect(allWalletsView().getAttribute('data-query')).toBe(term)
      expect(allWalletsView().hasAttribute('data-provisional')).toBe(false)
    },
    { timeout: 15_000 },
  )
}
/** The directory wallets listed (a short list: all rendered); WalletConnect's row is not one. */
const listedIds = () =>
  [...allWalletsView().querySelectorAll('li[data-index] [data-wallet]')].map((row) => row.getAttribute('data-wallet'))

test('featured wallets: the first 4 in the host’s order right after WalletConnect, and the view stops at 5 rows', async () => {
  const wallets = await ordinary()
  // Five from the directory, in an order that is not the directory's.
  const featured = [wallets[30], wallets[3], wallets[50], wallets[12], wallets[7]].map((w) => w?.id as string)
  await openConnect({ featuredWalletIds: featured })
  const rows = await connectRows()
  // Spec order: walletConnect, recent, injected, featured, custom, external, recommended. The view
  // lists 5 rows before "All Wallets", so after WalletConnect and 4 featured ones no recommended
  // wallet is left on screen (they are in connectRows' rows, cut by the view).
  expect(rows).toEqual([walletConnectRow, ...featured.slice(0, 4).map((id) => `featured:${id}`)])
  await expect.element(page.getByRole('button', { name: `${wallets[30]?.name} ${en.badgeFeatured}` })).toBeVisible()
})

test('one featured wallet: then the directory’s first wallets as recommended, none repeated, without an excluded one', async () => {
  const first = listable((await directory()).data)
  // The featured wallet is one the recommended rows would otherwise list; the excluded one too.
  const featured = first[1] as Entry
  const excluded = first[2] as Entry
  await openConnect({ featuredWalletIds: [featured.id], excludeWalletIds: [excluded.id] })
  const rows = await connectRows()
  const recommended = first.filter((w) => w.id !== featured.id && w.id !== excluded.id).slice(0, 3)
  expect(rows).toEqual([walletConnectRow, `featured:${featured.id}`, ...recommended.map((w) => `recommended:${w.id}`)])
  expect(new Set(rows).size).toBe(rows.length)
})

test('the recommended rows wait for the featured ones, so no row turns into another under the pointer', async () => {
  const first = listable((await directory()).data)
  const featured = first[6] as Entry
  // The featured wallets' answer is held until the first page (the count, the recommended
  // wallets) is in, the order a slower request for them gives.
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked!: () => void
  const featuredAsked = new Promise<void>((resolve) => {
    asked = resolve
  })
  await openConnect({ featuredWalletIds: [featured.id] }, (harness) => {
    const fetchFn = harness.portico.fetch
    vi.spyOn(harness.portico, 'fetch').mockImplementation(async (...args) => {
      const response = await fetchFn(...args)
      if (new URL(String(args[0])).searchParams.has('include')) {
        asked()
        await held
      }
      return response
    })
  })
  await featuredAsked
  const allWallets = page.getByRole('button', { name: /^All Wallets/ })
  await expect.element(allWallets).toHaveTextContent(/\d/)
  const slots = () =>
    [
      ...document.querySelectorAll(
        '[data-slot="connect-view"] [data-slot$="wallet-row"], [data-slot="wallet-row-held"]',
      ),
    ].map((row) => row.getAttribute('data-slot'))
  expect(slots()).toEqual(['wallet-row', ...Array(4).fill('wallet-row-held')])
  release()
  const recommended = first.filter((w) => w.id !== featured.id).slice(0, 3)
  expect(await connectRows()).toEqual([
    walletConnectRow,
    `featured:${featured.id}`,
    ...recommended.map((w) => `recommended:${w.id}`),
  ])
})

test('an excluded wallet is never listed: not featured in Connect, not in All Wallets, not found by its search', async () => {
  const wallets = await ordinary()
  const featured = [wallets[20], wallets[4], wallets[9], wallets[15], wallets[6]].map((w) => w?.id as string)
  // One featured wallet and one of All Wallets' first page are excluded.
  const excluded = [featured[1] as string, wallets[0]?.id as string]
  const excludedName = wallets[0]?.name as string
  await openConnect({ featuredWalletIds: featured, excludeWalletIds: excluded })
  expect(await connectRows()).toEqual([
    walletConnectRow,
    ...featured.filter((id) => !excluded.includes(id)).map((id) => `featured:${id}`),
  ])
  const { count } = await directory({ exclude: excluded.join(',') })
  // The badge rounds down to tens (529 and 527 both read 520+); All Wallets' own count is exact.
  await expect
    .element(page.getByRole('button', { name: /^All Wallets/ }))
    .toHaveTextContent(`${en.allWallets}${directoryCountLabel(count)}`)

  await openAllWallets()
  // The list's size counts WalletConnect's own row too.
  await vi.waitFor(() =>
    expect(allWalletsView().querySelector('ul')?.getAttribute('aria-label')).toBe(en.walletCount(count + 1)),
  )
  const listed = await allWalletIds(50)
  expect(listed.filter((id) => excluded.includes(id))).toEqual([])
  expect(listed).toContain(wallets[1]?.id)

  // Its own name finds it in the directory, but not in All Wallets.
  const found = listable((await directory({ search: excludedName })).data).map((w) => w.id)
  expect(found).toContain(wallets[0]?.id)
  await search(excludedName)
  const searched = listedIds()
  expect(searched).not.toContain(wallets[0]?.id)
  expect(searched).toEqual(found.filter((id) => !excluded.includes(id)))
})

test('includeWalletIds: All Wallets, its count and its search hold the included wallets alone, in the directory’s order', async () => {
  const wallets = await ordinary()
  // Six, given out of the directory's order: the lists follow the directory's.
  const included = [wallets[40], wallets[2], wallets[25], wallets[8], wallets[33], wallets[14]] as Required<Entry>[]
  const inOrder = [...included].sort((a, b) => wallets.indexOf(a) - wallets.indexOf(b))
  await openConnect({ includeWalletIds: included.map((w) => w.id) })
  // With no featured wallets, 4 recommended ones (spec) after WalletConnect: the first included.
  expect(await connectRows()).toEqual([walletConnectRow, ...inOrder.slice(0, 4).map((w) => `recommended:${w.id}`)])
  await expect.element(page.getByRole('button', { name: /^All Wallets/ })).toHaveTextContent(`${en.allWallets}6`)

  await openAllWallets()
  await vi.waitFor(() => expect(listedIds()).toEqual(inOrder.map((w) => w.id)))
  // The list's size counts WalletConnect's own row too.
  expect(allWalletsView().querySelector('ul')?.getAttribute('aria-label')).toBe(en.walletCount(7))

  // A term that the whole directory has more wallets for than the included ones.
  const term = (inOrder[0] as Required<Entry>).name.slice(0, 2)
  const everywhere = listable((await directory({ search: term })).data)
  const expected = inOrder.filter((w) => w.name.toLowerCase().includes(term.toLowerCase())).map((w) => w.id)
  expect(everywhere.length).toBeGreaterThan(expected.length)
  await search(term)
  expect(listedIds()).toEqual(expected)
})

test('All Wallets lists the directory in its order across pages of 40, none repeated; featured ones keep their place', async () => {
  const wallets = await ordinary()
  const featured = [wallets[30], wallets[3], wallets[50], wallets[12], wallets[7]].map((w) => w?.id as string)
  await openConnect({ featuredWalletIds: featured })
  await openAllWallets()
  // Two pages and a half: the second (and third) page only load on scrolling.
  const listed = await allWalletIds(90)
  expect(new Set(listed).size).toBe(listed.length)
  const expected = [
    ...listable((await directory({ entries: '40' })).data),
    ...listable((await directory({ entries: '40', page: '2' })).data),
    ...listable((await directory({ entries: '40', page: '3' })).data),
  ]
    .map((w) => w.id)
    .slice(0, 90)
  // WalletConnect's own row first (the only connector: nothing is installed), then the directory
  // as it answers: All Wallets does not lift the featured wallets to its top (the spec says nothing
  // of All Wallets' order; they are listed where the directory has them).
  expect(listed).toEqual(['connector', ...expected].slice(0, 90))
})
