// The wallet's own window (openWalletWindow on the frame's side, runWalletWindow and
// walletWindowKind on the window's side) in real Chromium: a real popup of this origin, running
// its own copy of the module in its own realm, so every message below travels between two real
// windows. Covered: the URL and kind, the frame hearing only the window it opened on its own origin,
// the window hearing only its opener on its own origin, malformed messages, closing (by the user, by
// the frame, an answer) settling exactly once, script clicks counting for nothing, hostile approval
// data and theme values. Covered elsewhere: tests/e2e/embeddedFrameSafety.test.ts (a real frame on
// another origin: approving in the window signs, closing it rejects with 4001, the covered frame
// falls back to the window) and approval.ts's use of it there.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { type OpenedWindow, openWalletWindow, type WindowApproval, walletWindowKind } from './walletWindow.js'

type WalletWindowModule = typeof import('./walletWindow.js')
type Realm = typeof globalThis

const moduleUrl = new URL('./walletWindow.ts', import.meta.url).href
const channel = 'portico-wallet-window'
const realOpen = window.open.bind(window)
const opened: Window[] = []
const frames: HTMLIFrameElement[] = []

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  for (const popup of opened.splice(0)) popup.close()
  for (const frame of frames.splice(0)) frame.remove()
})

/**
 * Lets the module's `window.open` open a real popup of this origin, with the hash it asked for. The
 * page it asks for is the test runner's own (which would start the runner again), so the popup
 * loads a harmless document of this origin instead: this module's source, shown as text. Returns
 * what the module asked for, and the popups.
 */
function realPopups(): { requested: unknown[][]; popups: Window[] } {
  const requested: unknown[][] = []
  const popups: Window[] = []
  vi.spyOn(window, 'open').mockImplementation((...args) => {
    requested.push(args)
    const popup = realOpen(`${moduleUrl.split('#')[0]}${new URL(String(args[0])).hash}`, '_blank', String(args[2]))
    if (!popup) return popup
    opened.push(popup)
    popups.push(popup)
    return popup
  })
  return { requested, popups }
}

/** The popup once its document of this origin has loaded (the first one is the initial about:blank). */
async function loaded(popup: Window | undefined): Promise<Window> {
  if (!popup) throw new Error('no popup was opened')
  await expect
    .poll(() => popup.location.href.startsWith(location.origin) && popup.document.readyState === 'complete')
    .toBe(true)
  return popup
}

/** Runs `body` as a function of `realm`'s own (so a postMessage from it comes from that window). */
function runIn(realm: Window, body: string, ...args: unknown[]): unknown {
  const RealmFunction = (realm as unknown as Realm).Function
  return new RealmFunction('...args', body)(...args)
}

/** The window's side: this module, loaded afresh inside the popup (its own window, document, listeners). */
async function windowModule(popup: Window): Promise<WalletWindowModule> {
  return (await runIn(await loaded(popup), 'return import(args[0])', moduleUrl)) as WalletWindowModule
}

/** Resolves in a later task (a message through a channel): every microtask queued before has run. */
function nextTask(): Promise<void> {
  const { port1, port2 } = new MessageChannel()
  return new Promise((resolve) => {
    port1.onmessage = () => {
      port1.close()
      resolve()
    }
    port2.postMessage(null)
  })
}

/** The frame's side of one window: every handler call, in order. */
function openRecorded(kind: 'approval' | 'storage', approval?: WindowApproval) {
  const events: string[] = []
  const handle = openWalletWindow(kind, {
    onReady: (send) => {
      events.push('ready')
      if (approval) send(approval)
    },
    onAnswer: (approved) => void events.push(`answer:${approved}`),
    onDone: () => void events.push('done'),
    onClosed: () => void events.push('closed'),
  })
  return { events, handle }
}

const approval: WindowApproval = {
  title: 'Sign message',
  origin: 'http://127.0.0.1:5173',
  rows: [{ label: 'Message', value: '<img src=x onerror="window.pwned=1">hello' }],
  dapp: { name: '<b>Shop</b>', icon: 'javascript:alert(1)' },
  storageNote: 'Kept for this site only',
  theme: [
    ['--portico-colors-accent', 'rgb(1, 2, 3)'],
    ['--portico-colors-surface', 'red;background:url(https://evil.example/x)'],
    ['--portico-fonts-body', 'url(https://evil.example/font)'],
    ['color', 'red'],
    ['--other-thing', 'blue'],
  ],
}

const wrap = (message: unknown) => ({ channel, message })

describe('walletWindowKind', () => {
  test('default: a framed document (here, the test runner’s frame) is never the wallet’s window', () => {
    expect(window.parent).not.toBe(window)
    expect(walletWindowKind()).toBeUndefined()
  })

  test('behavior: a top-level window with an opener is the kind its hash names, and nothing without one', async () => {
    const { popups } = realPopups()
    openRecorded('storage')
    const popup = await loaded(popups[0])
    const inWindow = await windowModule(popup)
    expect(inWindow.walletWindowKind()).toBe('storage')
    popup.location.hash = '#portico-approval'
    expect(inWindow.walletWindowKind()).toBe('approval')
    popup.location.hash = '#portico-other'
    expect(inWindow.walletWindowKind()).toBeUndefined()
  })
})

describe('openWalletWindow (the frame’s side)', () => {
  test('behavior: opens one popup of the frame’s own origin and page, naming only the kind in its address', () => {
    const { requested } = realPopups()
    const approvalWindow = openRecorded('approval').handle
    const storageWindow = openRecorded('storage').handle
    expect(approvalWindow).toBeDefined()
    expect(storageWindow).toBeDefined()
    expect(requested.map(([url, target]) => [url, target])).toEqual([
      [`${location.origin}${location.pathname}#portico-approval`, '_blank'],
      [`${location.origin}${location.pathname}#portico-storage`, '_blank'],
    ])
    expect(String(requested[0]?.[2])).toMatch(/^popup\b/)
  })

  test('edge: a browser that refuses the popup gets undefined, and nothing is ever reported', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { events, handle } = openRecorded('approval')
    expect(handle).toBeUndefined()
    vi.advanceTimersByTime(5_000)
    expect(events).toEqual([])
  })

  test('behavior: the whole approval round trip: ready, the request drawn in the window, Reject answers false and the frame closes it', async () => {
    const { popups } = realPopups()
    const { events } = openRecorded('approval', approval)
    const popup = await loaded(popups[0])
    const sent = vi.spyOn(popup, 'postMessage')
    const inWindow = await windowModule(popup)
    inWindow.runWalletWindow('approval')
    const card = () => popup.document.querySelector<HTMLElement>('[role=dialog]')
    await expect.poll(() => card()?.textContent ?? '').toContain('hello')
    expect(events).toEqual(['ready'])
    // The request goes only to this origin, never '*'.
    expect(sent.mock.calls.map((call) => call[1])).toEqual([location.origin])
    // Hostile request text stays text; the page title is the request's own.
    expect(popup.document.title).toBe('Sign message')
    expect(card()?.querySelector('img[src=x]')).toBeNull()
    expect(card()?.querySelector('b')).toBeNull()
    expect(card()?.textContent).toContain('<b>Shop</b>')
    expect(card()?.textContent).toContain('http://127.0.0.1:5173')
    expect(card()?.textContent).toContain('Kept for this site only')
    expect(card()?.querySelector('img')).toBeNull()
    expect((popup as unknown as { pwned?: number }).pwned).toBeUndefined()
    // Only `--portico-*` values without a block, a declaration break or a URL reach the style.
    const style = popup.document.documentElement.style
    expect(style.getPropertyValue('--portico-colors-accent')).toBe('rgb(1, 2, 3)')
    expect(style.getPropertyValue('--portico-colors-surface')).toBe('')
    expect(style.getPropertyValue('--portico-fonts-body')).toBe('')
    expect(style.getPropertyValue('--other-thing')).toBe('')
    expect(style.getPropertyValue('color')).toBe('')

    const reject = [...(card()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Reject')
    reject?.click()
    await expect.poll(() => events).toEqual(['ready', 'answer:false', 'closed'])
    expect(popup.closed).toBe(true)
  })

  test('security: the frame hears only the window it opened, on its own origin; then the genuine answer counts once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { popups } = realPopups()
    const { events } = openRecorded('approval')
    const popup = await loaded(popups[0])
    // Another window of this very origin (another frame of the wallet) says "approved".
    const other = document.createElement('iframe')
    document.body.append(other)
    frames.push(other)
    runIn(other.contentWindow as Window, 'parent.postMessage(args[0], "*")', wrap({ type: 'answer', approved: true }))
    // The opened window's reference, but the message claims another origin.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: wrap({ type: 'answer', approved: true }),
        origin: 'http://127.0.0.1:1',
        source: popup,
      }),
    )
    // The right origin without the window as source (a page-made event has none).
    window.dispatchEvent(
      new MessageEvent('message', { data: wrap({ type: 'answer', approved: true }), origin: location.origin }),
    )
    expect(events).toEqual([])
    runIn(popup, 'opener.postMessage(args[0], args[1])', wrap({ type: 'answer', approved: false }), location.origin)
    await expect.poll(() => events).toEqual(['answer:false', 'closed'])
    expect(popup.closed).toBe(true)
    // Whatever comes or ticks afterwards changes nothing.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: wrap({ type: 'answer', approved: true }),
        origin: location.origin,
        source: popup,
      }),
    )
    vi.advanceTimersByTime(2_000)
    expect(events).toEqual(['answer:false', 'closed'])
  })

  test('security: malformed messages from the window are ignored: another channel, a non-boolean answer, an unknown type', async () => {
    const { popups } = realPopups()
    const { events } = openRecorded('approval')
    const popup = await loaded(popups[0])
    const post = (data: unknown) => runIn(popup, 'opener.postMessage(args[0], args[1])', data, location.origin)
    post({ channel: 'other', message: { type: 'answer', approved: true } })
    post({ message: { type: 'done' } })
    post(wrap({ type: 'answer', approved: 'true' }))
    post(wrap({ type: 'answer' }))
    post(wrap({ type: 'approve', approved: true }))
    post(wrap(null))
    post(null)
    post('answer')
    post(wrap({ type: 'done' }))
    await expect.poll(() => events).toEqual(['done', 'closed'])
  })

  test('behavior: the user closing the window settles the wait once (onClosed), with no answer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { popups } = realPopups()
    const { events } = openRecorded('approval')
    const popup = popups[0] as Window
    vi.advanceTimersByTime(1_000)
    expect(events).toEqual([])
    popup.close()
    vi.advanceTimersByTime(250)
    expect(events).toEqual(['closed'])
    vi.advanceTimersByTime(5_000)
    expect(events).toEqual(['closed'])
  })

  test('behavior: the frame closing its window (an aborted request) closes it and settles at once, only once', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { popups } = realPopups()
    const { events, handle } = openRecorded('approval')
    const popup = popups[0] as Window
    ;(handle as OpenedWindow).close()
    expect(popup.closed).toBe(true)
    expect(events).toEqual(['closed'])
    ;(handle as OpenedWindow).close()
    vi.advanceTimersByTime(5_000)
    expect(events).toEqual(['closed'])
  })
})

describe('runWalletWindow (the window’s side)', () => {
  test('security: the window draws only what its opener sends on this origin', async () => {
    const { popups } = realPopups()
    openRecorded('approval')
    const popup = popups[0] as Window
    const inWindow = await windowModule(popup)
    inWindow.runWalletWindow('approval')
    const other = document.createElement('iframe')
    document.body.append(other)
    frames.push(other)
    const PopupMessageEvent = (popup as unknown as Realm).MessageEvent
    const forged = (source: Window | null, origin: string) =>
      popup.dispatchEvent(
        new PopupMessageEvent('message', {
          data: wrap({ type: 'show', approval: { ...approval, title: 'Forged' } }),
          origin,
          source,
        }),
      )
    forged(window, 'http://127.0.0.1:1')
    forged(other.contentWindow, location.origin)
    forged(null, location.origin)
    expect(popup.document.querySelector('[role=dialog]')).toBeNull()
    // Another window of this origin, really posting.
    runIn(
      other.contentWindow as Window,
      'args[0].postMessage(args[1], args[2])',
      popup,
      wrap({ type: 'show', approval: { ...approval, title: 'Forged' } }),
      location.origin,
    )
    popup.postMessage(wrap({ type: 'show', approval }), location.origin)
    await expect.poll(() => popup.document.querySelector('h1')?.textContent).toBe('Sign message')
    expect(popup.document.querySelectorAll('[role=dialog]').length).toBe(1)
  })

  test('security: a script’s click on the armed Approve approves nothing; leaving the page answers “rejected”', async () => {
    const { popups } = realPopups()
    const { events } = openRecorded('approval', approval)
    const popup = await loaded(popups[0])
    const inWindow = await windowModule(popup)
    inWindow.runWalletWindow('approval')
    const card = () => popup.document.querySelector<HTMLElement>('[role=dialog]')
    // The window's own arming (its delay, on its clock) is awaited as the card's state.
    await expect.poll(() => card()?.dataset.state).toBe('armed')
    const approve = [...(card()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Approve')
    expect(approve?.getAttribute('aria-disabled')).toBe('false')
    approve?.click()
    approve?.dispatchEvent(new (popup as unknown as Realm).MouseEvent('click', { bubbles: true }))
    // Whatever those clicks started has run by the next task.
    await nextTask()
    expect(card()?.isConnected).toBe(true)
    // The window going away (pagehide) is the user's "no".
    popup.dispatchEvent(new (popup as unknown as Realm).PageTransitionEvent('pagehide'))
    await expect.poll(() => events).toEqual(['ready', 'answer:false', 'closed'])
  })

  test('security: the storage visit says “done” only on a trusted click on Continue', async () => {
    const { popups } = realPopups()
    const { events } = openRecorded('storage')
    const popup = await loaded(popups[0])
    const inWindow = await windowModule(popup)
    inWindow.runWalletWindow('storage')
    expect(popup.document.title).toBe('Portico wallet')
    const next = popup.document.querySelector<HTMLButtonElement>('button[data-kind=approve]')
    expect(next?.textContent).toBe('Continue')
    next?.click()
    // A later message of the window itself: had the click said "done", it would have come first.
    runIn(popup, 'opener.postMessage(args[0], args[1])', wrap({ type: 'answer', approved: false }), location.origin)
    await expect.poll(() => events).toEqual(['answer:false', 'closed'])
    // The storage window never asks for a request to draw.
    expect(events).not.toContain('ready')
  })

  test('a11y: the window’s prompt is a labelled dialog with Approve marked unusable until armed', async () => {
    const { popups } = realPopups()
    openRecorded('approval', approval)
    const popup = await loaded(popups[0])
    const inWindow = await windowModule(popup)
    inWindow.runWalletWindow('approval')
    await expect.poll(() => popup.document.querySelector('[role=dialog]')).not.toBeNull()
    const card = popup.document.querySelector<HTMLElement>('[role=dialog]') as HTMLElement
    expect(card.getAttribute('aria-modal')).toBe('true')
    const title = popup.document.getElementById(card.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Sign message')
    const approve = card.querySelector<HTMLButtonElement>('button[data-kind=approve]')
    expect(approve?.getAttribute('aria-disabled')).toBe('true')
    expect(popup.document.activeElement).toBe(approve)
  })
})
