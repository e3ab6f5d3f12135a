import {
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  initialize,
  PorticoProvider,
  solanaAdapter,
  solanaNetwork,
} from '@portico/headless'
import { createTestEip1193Wallet, createTestSolanaWallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { PorticoUI } from '../../PorticoUI.js'
import { createHarness } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import { DirectoryRow } from './DirectoryRow.js'
import { searchAnswerWaitMs, searchStandInGraceMs } from './searchWait.js'
import '../../test/provided.js'
import { offline } from '../../test/offline.js'

const devnet = inject('devnet')
const server = inject('imageServerUrl')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

/** All Wallets over the fixture directory: 100 ordinary wallets, the installed one and hostile entries. */
async function mountAllWallets() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, directoryUrl: server })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper view="AllWallets">
      <ConnectButton />
    </Wrapper>,
  )
  await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
  return harness
}

/** Holds the directory's answers to searches until `release()` (the real server's responses). */
function holdSearches(harness: Awaited<ReturnType<typeof mountAllWallets>>) {
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const fetchFn = harness.portico.fetch
  vi.spyOn(harness.portico, 'fetch').mockImplementation(async (...args) => {
    const response = await fetchFn(...args)
    if (new URL(String(args[0])).searchParams.has('search')) await held
    return response
  })
  return () => release()
}

const view = () => document.querySelector('[data-slot="all-wallets-view"]') as HTMLElement
/** The data-state of a directory row's icon: 'fallback' (its initial), 'loading' or 'loaded'. */
/**
 * Waits until the icons of the rows listed at mount are in: on a loaded machine their requests can
 * still be going out during a later search, and would be counted as that search's.
 */
async function mountIconsSettled() {
  await vi.waitFor(() => expect(view().querySelectorAll('[data-wallet] [data-state="loading"]')).toHaveLength(0), {
    timeout: 15_000,
  })
}
const iconState = (id: string) =>
  document.querySelector(`[data-wallet="${id}"] [data-state]`)?.getAttribute('data-state') ?? null

/**
 * Every image the page asks for from here on (PorticoImage preloads with new Image()), and how many
 * had been asked for when the search's answer was listed (its commit, effects included: the first
 * moment the view shows a query with no stand-ins) and when the frame showing it was painted.
 */
function iconsAskedAtAnswer() {
  const icons: { asked: string[]; atAnswer?: number; atPaint?: number } = { asked: [] }
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src') as PropertyDescriptor
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, url) {
    icons.asked.push(url)
    src.set?.call(this, url)
  })
  const observer = new MutationObserver(() => {
    if (icons.atAnswer !== undefined || !view().getAttribute('data-query') || view().hasAttribute('data-provisional'))
      return
    icons.atAnswer = icons.asked.length
    requestAnimationFrame(() => {
      icons.atPaint = icons.asked.length
    })
  })
  observer.observe(view(), { attributes: true, attributeFilter: ['data-query', 'data-provisional'] })
  cleanups.push(() => observer.disconnect())
  return icons
}
const renderedRows = () => view().querySelectorAll('li[data-index]')
const searchBox = () => page.getByRole('searchbox', { name: 'Search wallets' })
/** The list item holding the focused row. */
const focusedItem = () => document.activeElement?.closest('li[data-index]') ?? null
const focusedName = () => (document.activeElement as HTMLElement | null)?.textContent ?? ''

describe('virtual list', () => {
  // About 105 arrow keys, each a real key press and a render: ~25 s on a quiet 2-core machine, so
  // the 30 s default leaves no room for a loaded one. The figure that matters is the count, not the time.
  test('renders a window of rows, yet the arrow keys reach every wallet, with its position in the list', {
    timeout: 120_000,
  }, async () => {
    await mountAllWallets()
    // ~105 wallets, a few screens' worth of rows in the DOM.
    expect(renderedRows().length).toBeLessThanOrEqual(20)
    await userEvent.click(searchBox())
    await userEvent.keyboard('{ArrowDown}')
    // The installed wallet first, as the list's only tab stop.
    expect(focusedName()).toContain('Devnet Wallet')
    expect(document.activeElement?.getAttribute('tabindex')).toBe('0')
    expect(view().querySelectorAll('li [tabindex="0"]')).toHaveLength(1)

    const reached = new Set<string>()
    let most = 0
    for (let step = 0; step < 200; step++) {
      const item = focusedItem()
      if (!item) throw new Error(`focus left the list at step ${step}`)
      reached.add(focusedName())
      most = Math.max(most, renderedRows().length)
      const position = Number(item.getAttribute('aria-posinset'))
      const size = Number(item.getAttribute('aria-setsize'))
      expect(position).toBe(Number(item.getAttribute('data-index')) + 1)
      if (position === size && !view().querySelector('ul[aria-busy]')) break
      const before = position
      await userEvent.keyboard('{ArrowDown}')
      // The next row may be on a page still loading: wait until focus has moved on.
      await vi.waitFor(() => expect(Number(focusedItem()?.getAttribute('aria-posinset'))).toBe(before + 1), {
        timeout: 10_000,
      })
    }
    for (let n = 1; n <= 100; n++)
      expect([...reached].some((name) => name.endsWith(`Directory Wallet ${String(n).padStart(3, '0')}`))).toBe(true)
    // The hostile entries too (names are text; the letter before is the icon's stand-in).
    for (const hostile of ['Long xxxxxxxx', '<img src=x onerror'])
      expect([...reached].some((name) => name.includes(hostile))).toBe(true)
    // Never more than a window (plus overscan and the focused row) in the DOM.
    expect(most).toBeLessThanOrEqual(25)
    const last = focusedItem()
    expect(last?.getAttribute('aria-posinset')).toBe(last?.getAttribute('aria-setsize'))
  })

  test('Home, End, Page Down and Up move the tab stop; Up from the first row returns to search', async () => {
    await mountAllWallets()
    await userEvent.click(searchBox())
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{PageDown}')
    expect(focusedItem()?.getAttribute('aria-posinset')).toBe('6')
    await userEvent.keyboard('{End}')
    const end = Number(focusedItem()?.getAttribute('data-index'))
    expect(end).toBeGreaterThanOrEqual(39)
    // The focused row is rendered even after the list is scrolled away from it.
    const scroller = view().querySelector('ul')?.parentElement as HTMLElement
    scroller.scrollTop = 0
    await vi.waitFor(() => expect(view().querySelector('li[data-index="0"]')).not.toBeNull(), { timeout: 10_000 })
    expect(focusedItem()?.getAttribute('data-index')).toBe(String(end))
    await userEvent.keyboard('{PageUp}')
    expect(focusedItem()?.getAttribute('data-index')).toBe(String(end - 5))
    await userEvent.keyboard('{Home}')
    expect(focusedItem()?.getAttribute('data-index')).toBe('0')
    await userEvent.keyboard('{ArrowUp}')
    expect(document.activeElement).toBe(searchBox().element())
    // Tab from the field lands on the list's one tab stop, then leaves the list.
    await userEvent.keyboard('{Tab}')
    expect(focusedItem()?.getAttribute('data-index')).toBe('0')
  })

  test('the next page is fetched before the end of the list is reached', async () => {
    const requests = async () => (await (await fetch(`${server}/requests`)).json()) as string[]
    const before = (await requests()).length
    await mountAllWallets()
    const pages = async () =>
      (await requests())
        .slice(before)
        .filter((q) => q.includes('page='))
        .map((q) => new URLSearchParams(q).get('page'))
    expect(await pages()).toEqual(['1'])
    const scroller = view().querySelector('ul')?.parentElement as HTMLElement
    // The first page's 41 rows sized into the list (after an earlier test in this file, its first
    // rows can show before the page has arrived): only then is row 20 half a page from the end.
    await vi.waitFor(() => expect(scroller.scrollHeight).toBeGreaterThanOrEqual(41 * 64), { timeout: 10_000 })
    // 20 rows down of 41 loaded: half a page before the end.
    scroller.scrollTop = 20 * 64
    await vi.waitFor(async () => expect(await pages()).toEqual(['1', '2']), { timeout: 10_000 })
    expect(renderedRows().length).toBeLessThanOrEqual(25)
  })
})

describe('search state', () => {
  test('loaded matches stand in when the answer is slower than the grace; both are listed in the rows already on screen', async () => {
    const release = holdSearches(await mountAllWallets())
    // The list's items by position before the search.
    const before = new Map([...renderedRows()].map((li) => [li.getAttribute('data-index'), li]))
    expect(before.size).toBeGreaterThan(5)
    /** How many rows on screen are the elements that held the same position before the search. */
    const reused = () => [...renderedRows()].filter((li) => before.get(li.getAttribute('data-index')) === li).length
    await userEvent.fill(searchBox(), ' wallet 01 ')
    await vi.waitFor(() => expect(view().getAttribute('data-query')).toBe('wallet 01'), { timeout: 10_000 })
    // Stand-ins: the loaded wallets whose names match, flagged provisional.
    expect(view().hasAttribute('data-provisional')).toBe(true)
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 010' })).toBeVisible()
    expect(page.getByRole('button', { name: 'Directory Wallet 001' }).query()).toBeNull()
    // Patched in place, not removed and created again (the answer's style and layout).
    expect(reused()).toBe(renderedRows().length)
    release()
    await vi.waitFor(() => expect(view().hasAttribute('data-provisional')).toBe(false), { timeout: 10_000 })
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 019' })).toBeVisible()
    expect(reused()).toBe(renderedRows().length)
    // Each row tells its own wallet: name, data-wallet and the initial standing in for its icon.
    for (const li of renderedRows()) {
      const button = li.querySelector('button') as HTMLElement
      const id = button.getAttribute('data-wallet') ?? ''
      expect(button.textContent).toMatch(new RegExp(`^D?Directory Wallet ${id.slice(1)}$`))
    }
  })
})

describe('focus', () => {
  test('the search field shows one focus indicator (the field border), no ring inside it', async () => {
    await mountAllWallets()
    await userEvent.click(searchBox())
    const input = searchBox().element() as HTMLInputElement
    expect(document.activeElement).toBe(input)
    // A text input matches :focus-visible on any focus; the kit's keyboard ring must not draw inside the field.
    expect(input.matches(':focus-visible')).toBe(true)
    expect(getComputedStyle(input).outlineStyle).toBe('none')
    // Other controls keep the keyboard ring.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
    const previous = document.activeElement as HTMLElement
    expect(previous.matches(':focus-visible')).toBe(true)
    expect(getComputedStyle(previous).outlineStyle).toBe('solid')
  })
})

describe('search answer path', () => {
  test('stand-ins ask for no icon until the answer arrives, then they do', async () => {
    const release = holdSearches(await mountAllWallets())
    // Not rendered before the search: it mounts as a stand-in.
    expect(document.querySelector('[data-wallet="w019"]')).toBeNull()
    await userEvent.fill(searchBox(), 'wallet 01')
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 019' })).toBeVisible()
    expect(view().hasAttribute('data-provisional')).toBe(true)
    // The initial stands in; no image is asked for while the answer is on its way.
    expect(iconState('w019')).toBe('fallback')
    release()
    await vi.waitFor(() => expect(view().hasAttribute('data-provisional')).toBe(false), { timeout: 10_000 })
    await expect.poll(() => iconState('w019'), { timeout: 5_000 }).toBe('loaded')
  })

  test('the answer asks for its icons once the frame that lists it is painted, not before', async () => {
    const release = holdSearches(await mountAllWallets())
    await mountIconsSettled()
    await userEvent.fill(searchBox(), 'wallet 01')
    await vi.waitFor(() => expect(view().hasAttribute('data-provisional')).toBe(true), { timeout: 5_000 })
    const icons = iconsAskedAtAnswer()
    release()
    await vi.waitFor(() => expect(icons.atPaint).toBeDefined(), { timeout: 10_000 })
    // Icon responses that came in before that frame would each be parsed ahead of it.
    expect(icons.atAnswer).toBe(0)
    expect(icons.atPaint).toBe(0)
    // Then they are: the answer's rows show their icons.
    await expect.poll(() => iconState('w019'), { timeout: 5_000 }).toBe('loaded')
    expect(icons.asked.length).toBeGreaterThan(0)
  })

  test('loading and no match show inside the same scroller as the rows: it is never re-created', async () => {
    const release = holdSearches(await mountAllWallets())
    const scroller = view().querySelector('ul')?.parentElement
    expect(scroller).toBeTruthy()
    // No loaded wallet matches 'wallet 09' (the first page is 001-040): the list empties until the answer.
    await userEvent.fill(searchBox(), 'wallet 09')
    await expect.element(page.getByRole('status', { name: 'Loading…' })).toBeVisible()
    expect(page.getByRole('status', { name: 'Loading…' }).element().closest('div')?.parentElement).toBe(scroller)
    release()
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 095' })).toBeVisible()
    expect(view().querySelector('ul')?.parentElement).toBe(scroller)
    await userEvent.fill(searchBox(), 'no such wallet')
    await expect.element(page.getByText('No wallet matches “no such wallet”')).toBeVisible()
    expect(scroller?.contains(page.getByText('No wallet matches “no such wallet”').element())).toBe(true)
  })

  test('the 300 ms wait counts from the keystroke, not from the render after it', async () => {
    await mountAllWallets()
    const input = searchBox().element() as HTMLInputElement
    const committedAt: number[] = []
    new MutationObserver(() => {
      if (view().getAttribute('data-query') === 'wallet 02') committedAt.push(performance.now())
    }).observe(view(), { attributes: true, attributeFilter: ['data-query'] })
    const delays: unknown[] = []
    const setTimeoutFn = window.setTimeout
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      delays.push(delay)
      return setTimeoutFn(handler, delay, ...rest)
    }) as typeof window.setTimeout)
    // A keystroke whose render comes late: the event is 200 ms old when it is dispatched (its
    // timestamp is when it was made), as when a slow page is busy when the key is pressed.
    const event = new Event('input', { bubbles: true })
    const typedAt = event.timeStamp
    while (performance.now() - typedAt < 200) {
      // busy, like a slow page
    }
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'wallet 02')
    input.dispatchEvent(event)
    await vi.waitFor(() => expect(committedAt.length).toBeGreaterThan(0), { timeout: 5_000 })
    // Never sooner than the spec's 300 ms after the keystroke…
    expect(committedAt[0]).toBeGreaterThanOrEqual(typedAt + 300)
    // …and the timer waited what was left of them, not 300 ms more from the render.
    expect(delays).not.toContain(300)
    expect(delays.some((d) => typeof d === 'number' && d > 0 && d <= 100)).toBe(true)
  })

  test('the keystroke is its keydown: the browser’s editing before the input event is part of the wait', async () => {
    await mountAllWallets()
    const input = searchBox().element() as HTMLInputElement
    // When each timer was set, and for how long; the first one set after the keystroke is the
    // search's wait (the view's own short waits come after it).
    const timers: { at: number; delay: number }[] = []
    const setTimeoutFn = window.setTimeout
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (typeof delay === 'number') timers.push({ at: performance.now(), delay })
      return setTimeoutFn(handler, delay, ...rest)
    }) as typeof window.setTimeout)
    // The key went down 80 ms ago and its input event was stamped 60 ms after it (a slow page's
    // editing and key listeners). The stamps are set, not waited for: a busy machine could stretch
    // a real wait past keyToInputMaxMs, and the input's own time would then rightly be used.
    const now = performance.now()
    const keyDown = new KeyboardEvent('keydown', { key: '2', bubbles: true })
    Object.defineProperty(keyDown, 'timeStamp', { value: now - 80 })
    const inputEvent = new Event('input', { bubbles: true })
    Object.defineProperty(inputEvent, 'timeStamp', { value: now - 20 })
    input.dispatchEvent(keyDown)
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'wallet 02')
    input.dispatchEvent(inputEvent)
    await vi.waitFor(() => expect(view().getAttribute('data-query')).toBe('wallet 02'), { timeout: 5_000 })
    const { at, delay } = timers[0] as { at: number; delay: number }
    // The timer ends 300 ms after the keydown (within the moment between computing the delay and
    // setting it), not 300 ms after the input event, 60 ms later; or at once where a busy machine
    // ran the view's effect after the 300 ms were over (nothing to tell apart then).
    const due = Math.max(keyDown.timeStamp + 300, at)
    expect(at + delay).toBeGreaterThanOrEqual(due)
    expect(at + delay).toBeLessThan(due + 30)
  })
})

describe('scrolling', () => {
  test('rows start no hover transition while the list scrolls under a still pointer, and do again after', async () => {
    await mountAllWallets()
    const list = view().querySelector('ul') as HTMLUListElement
    const scroller = list.parentElement as HTMLElement
    const row = () => list.querySelector('li[data-index] > button') as HTMLElement
    const transition = () => getComputedStyle(row()).transitionProperty
    expect(list.hasAttribute('data-scrolling')).toBe(false)
    expect(transition()).not.toBe('none')
    scroller.scrollTop += 240
    await vi.waitFor(() => expect(list.hasAttribute('data-scrolling')).toBe(true), { timeout: 15_000 })
    expect(transition()).toBe('none')
    // The rows still take the pointer: a click just after the wheel stops is not lost.
    expect(getComputedStyle(row()).pointerEvents).toBe('auto')
    await vi.waitFor(() => expect(list.hasAttribute('data-scrolling')).toBe(false), { timeout: 5_000 })
    expect(transition()).not.toBe('none')
  })
})

describe('search request', () => {
  test('leaves when the search is committed, before the render it causes, and only once', async () => {
    const harness = await mountAllWallets()
    // What the view shows at the moment each search request is made.
    const shownAtRequest: (string | null)[] = []
    const fetchFn = harness.portico.fetch
    vi.spyOn(harness.portico, 'fetch').mockImplementation((...args) => {
      if (new URL(String(args[0])).searchParams.get('search') === 'wallet 02')
        shownAtRequest.push(view().getAttribute('data-query'))
      return fetchFn(...args)
    })
    await userEvent.fill(searchBox(), 'wallet 02')
    await vi.waitFor(() => expect(view().hasAttribute('data-provisional')).toBe(false), { timeout: 10_000 })
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 029' })).toBeVisible()
    // Asked from the commit itself: the list still showed the previous (empty) query. From the
    // list's effects it would have been asked after the render, with 'wallet 02' on screen.
    expect(shownAtRequest).toEqual([''])
  })
})

describe('search answer wait', () => {
  /**
   * Holds the view's wait for a search's answer (the `searchAnswerWaitMs` timer, or with `wait`
   * the stand-ins' `searchStandInGraceMs`) until the test ends it, so which comes first, the answer
   * or the end of the wait, is the test's choice.
   */
  function holdAnswerWait(wait = searchAnswerWaitMs) {
    const waits: (() => void)[] = []
    const setTimeoutFn = window.setTimeout
    vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay === wait && typeof handler === 'function') {
        waits.push(() => handler())
        return 0
      }
      return setTimeoutFn(handler, delay, ...rest)
    }) as typeof window.setTimeout)
    return waits
  }
  /** A frame, and the tasks queued behind it: a pending search would have been shown by then. */
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  /** Every state of the list (committed query, provisional or not), in order. */
  function recordStates() {
    const states: string[] = []
    const record = () => {
      const state = `${view().getAttribute('data-query')}${view().hasAttribute('data-provisional') ? ' (provisional)' : ''}`
      if (states.at(-1) !== state) states.push(state)
    }
    record()
    const observer = new MutationObserver(record)
    observer.observe(view(), { attributes: true, attributeFilter: ['data-query', 'data-provisional'] })
    cleanups.push(() => observer.disconnect())
    return states
  }

  test('loaded wallets that match stand in once the grace passes without the answer', async () => {
    const release = holdSearches(await mountAllWallets())
    const graces = holdAnswerWait(searchStandInGraceMs)
    const states = recordStates()
    await userEvent.fill(searchBox(), 'wallet 01')
    await vi.waitFor(() => expect(graces.length).toBe(1), { timeout: 5_000 })
    // Within the grace the rows shown before stay.
    await afterFrame()
    expect(states).toEqual([''])
    for (const end of graces) end()
    await vi.waitFor(() => expect(states.at(-1)).toBe('wallet 01 (provisional)'), { timeout: 5_000 })
    release()
    await vi.waitFor(() => expect(states).toEqual(['', 'wallet 01 (provisional)', 'wallet 01']), { timeout: 10_000 })
  })

  test('with loaded matches, an answer that comes during the grace is listed in one render, no stand-ins first', async () => {
    await mountAllWallets()
    // The grace never ends here: only the answer can show the search.
    const graces = holdAnswerWait(searchStandInGraceMs)
    const states = recordStates()
    await userEvent.fill(searchBox(), 'wallet 01')
    await vi.waitFor(() => expect(states.at(-1)).toBe('wallet 01'), { timeout: 10_000 })
    expect(graces.length).toBe(1)
    expect(states).toEqual(['', 'wallet 01'])
  })

  test('an answer listed without stand-ins also asks for its new rows’ icons only after its frame is painted', async () => {
    await mountAllWallets()
    await mountIconsSettled()
    // Wallet 019 is loaded but not rendered before the search: its row is new in the answer.
    expect(document.querySelector('[data-wallet="w019"]')).toBeNull()
    const graces = holdAnswerWait(searchStandInGraceMs)
    const states = recordStates()
    const icons = iconsAskedAtAnswer()
    await userEvent.fill(searchBox(), 'wallet 01')
    await vi.waitFor(() => expect(icons.atPaint).toBeDefined(), { timeout: 10_000 })
    expect(states).toEqual(['', 'wallet 01'])
    expect(graces.length).toBe(1)
    // Not in the answer's commit (icons parsed ahead of its frame), nor before its paint.
    expect(icons.atAnswer).toBe(0)
    expect(icons.atPaint).toBe(0)
    await expect.poll(() => iconState('w019'), { timeout: 5_000 }).toBe('loaded')
    expect(icons.asked.length).toBeGreaterThan(0)
  })

  // No loaded wallet matches 'wallet 09' (the first page is 001-040).
  test('with no loaded match, an answer that comes during the wait is listed in one render, no spinner first', async () => {
    await mountAllWallets()
    const waits = holdAnswerWait()
    const states = recordStates()
    let spinner = false
    const observer = new MutationObserver(() => {
      spinner ||= view().querySelector('[role="status"]') !== null
    })
    observer.observe(view(), { childList: true, subtree: true })
    cleanups.push(() => observer.disconnect())
    await userEvent.fill(searchBox(), 'wallet 09')
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 095' })).toBeVisible()
    expect(waits.length).toBe(1)
    expect(states).toEqual(['', 'wallet 09'])
    expect(spinner).toBe(false)
  })

  test('with no loaded match, an answer slower than the wait finds the spinner', async () => {
    const release = holdSearches(await mountAllWallets())
    const waits = holdAnswerWait()
    const states = recordStates()
    await userEvent.fill(searchBox(), 'wallet 09')
    await vi.waitFor(() => expect(waits.length).toBe(1), { timeout: 5_000 })
    // Still waiting: the rows shown before stay.
    expect(states).toEqual([''])
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
    for (const end of waits) end()
    await vi.waitFor(() => expect(states.at(-1)).toBe('wallet 09 (provisional)'), { timeout: 5_000 })
    await expect.element(page.getByRole('status', { name: 'Loading…' })).toBeVisible()
    release()
    await vi.waitFor(() => expect(states).toEqual(['', 'wallet 09 (provisional)', 'wallet 09']), { timeout: 10_000 })
  })

  test('a search typed back to the listed one while it waits is dropped, even when its answer comes', async () => {
    const harness = await mountAllWallets()
    const release = holdSearches(harness)
    const waits = holdAnswerWait()
    const states = recordStates()
    await userEvent.fill(searchBox(), 'wallet 09')
    await vi.waitFor(() => expect(waits.length).toBe(1), { timeout: 5_000 })
    await userEvent.fill(searchBox(), '')
    release()
    // The answer is in the cache: the search would have shown by now.
    await vi.waitFor(
      () =>
        expect(
          harness.queryClient
            .getQueryCache()
            .findAll({ predicate: (q) => JSON.stringify(q.queryKey).includes('wallet 09') })[0]?.state.status,
        ).toBe('success'),
      { timeout: 10_000 },
    )
    await afterFrame()
    for (const end of waits) end()
    await afterFrame()
    expect(states).toEqual([''])
    await expect.element(page.getByRole('button', { name: 'Directory Wallet 001' })).toBeVisible()
  })
})

describe('icons', () => {
  test('a row rendered while the list scrolls asks for its icon once scrolling stops; an icon shown stays', async () => {
    const wallet = { id: 'w1', name: 'Scrolled Wallet' }
    const row = (deferImage: boolean) => (
      <DirectoryRow wallet={wallet} imageUrl={`${server}/ok.png`} deferImage={deferImage} onSelect={() => {}} />
    )
    const box = () => document.querySelector('[data-slot="directory-wallet-row"] [data-state]')
    const { rerender } = await render(row(true))
    // The name's initial, no image asked for.
    expect(box()?.getAttribute('data-state')).toBe('fallback')
    expect(box()?.textContent).toBe('S')
    await rerender(row(false))
    await expect.poll(() => box()?.getAttribute('data-state')).toBe('loaded')
    await rerender(row(true))
    expect(box()?.getAttribute('data-state')).toBe('loaded')
    expect(box()?.querySelector('img')?.getAttribute('src')).toBe(`${server}/ok.png`)
  })
})

describe('one row per wallet', () => {
  test('a wallet installed for EVM and Solana is one row with both; picking it asks which, and connects that one', async () => {
    const evm = createTestEip1193Wallet({
      accounts: [devnet.evmPrivateKeys[4] as `0x${string}`],
      chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    })
    // A 32-byte secret as hex: a Solana key no other test uses.
    const seed = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')
    const solana = await createTestSolanaWallet({ seeds: [seed], rpcUrl: devnet.solanaRpcUrl })
    cleanups.push(evm.announce(), solana.register())
    const portico = createPortico({
      projectId: 'all-wallets-one-row',
      networks: [
        eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl }),
        solanaNetwork({ genesisHash: devnet.solanaGenesisHash, name: 'Solana Devnet', rpcUrl: devnet.solanaRpcUrl }),
      ],
      adapters: [eip155Adapter(), solanaAdapter()],
      ...offline,
    })
    cleanups.push(initialize(portico))
    await render(
      <PorticoProvider config={portico} queryClient={new QueryClient()} reconnectOnMount={false}>
        <PorticoUI>
          <ConnectButton />
        </PorticoUI>
      </PorticoProvider>,
    )
    await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'All Wallets' }))
    const row = page.getByRole('button', { name: /Devnet Wallet/ })
    await expect.element(row).toHaveTextContent('EVM · Solana')
    expect(view().querySelectorAll('[data-slot="wallet-row"]')).toHaveLength(1)
    expect(view().querySelector('ul')?.getAttribute('aria-label')).toContain('1')
    await modalSettled()
    await userEvent.click(row)
    await expect.element(page.getByRole('button', { name: 'Solana' })).toBeVisible()
    expect([...document.querySelectorAll('[data-slot="choose-namespace"]')].map((b) => b.textContent)).toEqual([
      'EVM',
      'Solana',
    ])
    await modalSettled()
    await userEvent.click(page.getByRole('button', { name: 'Solana' }))
    await expect.poll(() => getConnection(portico, { namespace: 'solana' }).isConnected, { timeout: 30_000 }).toBe(true)
    expect(getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(false)
  })
})
