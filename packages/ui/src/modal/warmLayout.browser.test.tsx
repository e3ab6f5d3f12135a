// The closed dialog, rendered ahead and hidden, is laid out once as a copy at idle, so opening it
// does not pay for the browser's first layout of its text (the bench's click -> list).
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import '../test/provided.js'
import { renderConnectButton } from '../test/renderConnectButton.js'
import { layOutCopy, resetWarmLayout, warmLayoutAtIdle } from './warmLayout.js'

const devnet = inject('devnet')

/** Every node added to `<body>` (with whether it was still in the page when the observer ran). */
function watchBody() {
  const added: { node: Element; connected: boolean }[] = []
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element) added.push({ node, connected: node.isConnected })
  })
  observer.observe(document.body, { childList: true })
  return { added, stop: () => observer.disconnect() }
}

/** Records each element whose `offsetHeight` is read while it is in the page (a forced layout). */
function watchLayoutReads() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight') as PropertyDescriptor
  const read: Element[] = []
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.isConnected) read.push(this)
      return original.get?.call(this)
    },
  })
  return { read, restore: () => Object.defineProperty(HTMLElement.prototype, 'offsetHeight', original) }
}

/**
 * Idle callbacks held until the test runs them: in a full run the test page shares the browser
 * with other files' pages and its idle periods come late or not at all.
 */
function controlIdle() {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window
  const queue = new Map<number, IdleRequestCallback>()
  let last = 0
  window.requestIdleCallback = (callback) => {
    queue.set(++last, callback)
    return last
  }
  window.cancelIdleCallback = (id) => void queue.delete(id)
  return {
    /** Runs the idle callbacks asked for so far (not those they ask for). */
    run() {
      const due = [...queue.values()]
      queue.clear()
      for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 })
    },
    restore() {
      window.requestIdleCallback = request
      window.cancelIdleCallback = cancel
    },
  }
}

/** Copies of the dialog: laid out by warmLayout, marked aria-hidden and invisible. */
const copies = (added: { node: Element }[]) =>
  added.filter(({ node }) => node.hasAttribute('data-portico') && node.getAttribute('aria-hidden') === 'true')

let idle: ReturnType<typeof controlIdle>
let restore = () => {}

/**
 * A `[data-portico]` element in `<body>` (hidden as Activity hides the closed dialog, or shown),
 * and the nodes added to `<body>` from then on; both undone after the test.
 */
function mountScope(html: string, { hidden }: { hidden: boolean }) {
  const element = document.createElement('div')
  element.setAttribute('data-portico', '')
  if (hidden) element.style.setProperty('display', 'none', 'important')
  element.innerHTML = html
  document.body.append(element)
  const body = watchBody()
  restore = () => {
    body.stop()
    element.remove()
  }
  return { element, body }
}
beforeEach(() => {
  resetWarmLayout()
  idle = controlIdle()
})
afterEach(() => {
  restore()
  idle.restore()
})

test('at idle a copy of the hidden dialog, with its view, is laid out once and gone in the same task', async () => {
  const body = watchBody()
  const layout = watchLayoutReads()
  restore = () => {
    body.stop()
    layout.restore()
  }
  await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, extraWallets: 4 })
  await expect
    .poll(
      () => {
        idle.run()
        return copies(body.added).length
      },
      { timeout: 10_000 },
    )
    .toBe(1)
  const [{ node: copy, connected }] = copies(body.added) as [{ node: HTMLElement; connected: boolean }]
  // Removed before anything else ran: never painted, never seen by assistive tech.
  expect(connected).toBe(false)
  expect(layout.read).toContain(copy)
  expect(copy.inert).toBe(true)
  expect(copy.style.getPropertyValue('visibility')).toBe('hidden')
  expect(copy.style.getPropertyPriority('visibility')).toBe('important')
  expect(copy.style.display).toBe('')
  expect(copy.querySelector('[data-slot="connect-view"] [data-slot="wallet-row"]')).not.toBeNull()
  // The dialog itself is still the hidden one, and only it is in the page.
  const dialogs = document.querySelectorAll('[data-portico] [data-slot="modal-frame"]')
  expect(dialogs).toHaveLength(1)
  expect((dialogs[0] as HTMLElement).checkVisibility()).toBe(false)

  // Opening and closing renders a fresh dialog ahead; the browser's caches are warm, no new copy.
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect
    .poll(() => document.querySelector('[data-slot="modal-frame"] [data-slot="connect-view"]'), { timeout: 10_000 })
    .toBeTruthy()
  for (let i = 0; i < 3; i++) idle.run()
  expect(copies(body.added)).toHaveLength(1)
})

test('the copy leaves out frames and media, which would load', () => {
  const { element: hidden, body } = mountScope(
    '<p>Scan with your phone</p><iframe src="about:blank"></iframe><video></video><audio></audio>',
    { hidden: true },
  )
  layOutCopy(hidden)
  return new Promise<void>((resolve) =>
    queueMicrotask(() => {
      const [{ node: copy, connected }] = copies(body.added) as [{ node: HTMLElement; connected: boolean }]
      expect(connected).toBe(false)
      expect(copy.textContent).toBe('Scan with your phone')
      expect(copy.querySelector('iframe, video, audio')).toBeNull()
      // The original is untouched.
      expect(hidden.querySelectorAll('iframe, video, audio')).toHaveLength(3)
      expect(hidden.style.display).toBe('none')
      resolve()
    }),
  )
})

test('asks again at each idle period until the view is rendered; nothing is copied for a dialog already open', () => {
  const { element: shown, body } = mountScope('open', { hidden: false })
  let asked = 0
  warmLayoutAtIdle(() => (++asked < 3 ? null : shown))
  for (let i = 1; i <= 3; i++) {
    idle.run()
    expect(asked).toBe(i)
  }
  // Already laid out by its own opening: no copy, and no later dialog asks again.
  let askedLater = 0
  warmLayoutAtIdle(() => {
    askedLater++
    return shown
  })
  idle.run()
  idle.run()
  expect(askedLater).toBe(0)
  expect(copies(body.added)).toHaveLength(0)
})

test('gives up after ten idle periods without a view, and a cancelled wait asks nothing', () => {
  let asked = 0
  warmLayoutAtIdle(() => {
    asked++
    return null
  })
  for (let i = 0; i < 12; i++) idle.run()
  expect(asked).toBe(10)
  let cancelledAsked = 0
  warmLayoutAtIdle(() => {
    cancelledAsked++
    return null
  })()
  idle.run()
  expect(cancelledAsked).toBe(0)
})
