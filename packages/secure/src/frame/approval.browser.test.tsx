// The secure frame's approval prompt (requestApproval, guardButton, cancelApproval) in real
// Chromium, with IntersectionObserver v2 reporting on this test document as it would on the frame's:
// a click approves only when it is trusted, the prompt has been visible and on top for the policy's
// delay (the module's own clock, `performance` and `setTimeout`, is faked; visibility reports are
// real), and a loss of visibility restarts the wait. Also: Reject, replacement by a second request,
// rows and header as text only, and what is left after a decision.
// Elsewhere: the arming rule alone in visibility.test.ts; a hostile host page around a real frame
// (transparent frame, covers, the wallet's window where visibility cannot be tracked, the kit putting
// the frame back) in tests/e2e/embeddedFrameSafety.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { approvalDelayMs } from '../walletPolicy.js'
import { type ApprovalRequest, cancelApproval, hiddenClickText, requestApproval } from './approval.js'
import { setDappData, setStorageNote } from './ui.js'

const origin = 'http://127.0.0.1:5173'
let viewportChanged = false

afterEach(async () => {
  cancelApproval()
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.replaceChildren()
  document.body.removeAttribute('style')
  setDappData({ projectId: 'test' })
  setStorageNote(undefined)
  delete (window as { __pwned?: unknown }).__pwned
  if (viewportChanged) await page.viewport(1280, 800)
  viewportChanged = false
})

/** Only the module's clock is faked: visibility reports and rendering stay real. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })

/** Opens a prompt for `request`; records what the page around the frame is told, and the answer. */
function open(request: Partial<ApprovalRequest> = {}, log: string[] = []) {
  const result: { answer?: boolean } = {}
  const answer = requestApproval(
    { title: 'Sign message', origin, rows: [{ label: 'Message', value: 'hello' }], ...request },
    { show: (visible) => log.push(visible ? 'show' : 'hide'), hidden: () => log.push('hidden') },
  )
  answer.then((value) => {
    result.answer = value
  })
  const card = document.querySelector<HTMLElement>('[role=dialog]')
  if (!card) throw new Error('no prompt drawn')
  const approve = card.querySelector<HTMLButtonElement>('button[data-kind=approve]')!
  const reject = [...card.querySelectorAll('button')].find((b) => b.textContent === 'Reject')!
  return { answer, result, log, card, approve, reject, alert: card.querySelector<HTMLElement>('[role=alert]')! }
}

type Prompt = ReturnType<typeof open>

/**
 * Resolves once the prompt's state is `state` (an attribute change, awaited as an event: expect.poll
 * would move the faked clock by its interval on every try).
 */
function reach(prompt: Prompt, state: 'hidden' | 'arming' | 'armed'): Promise<void> {
  const { card } = prompt
  return new Promise((resolve) => {
    if (card.dataset.state === state) return resolve()
    const watch = new MutationObserver(() => {
      if (card.dataset.state !== state) return
      watch.disconnect()
      resolve()
    })
    watch.observe(card, { attributes: true, attributeFilter: ['data-state'] })
  })
}

/** A trusted click on the prompt's Approve, aria-disabled or not (a user can click it either way). */
const clickApprove = (prompt: Prompt) => userEvent.click(prompt.approve, { force: true })

/** Waits for the first visibility report, then lets the delay pass on the module's clock. */
async function arm(prompt: Prompt) {
  await reach(prompt, 'arming')
  vi.advanceTimersByTime(approvalDelayMs)
  expect(prompt.card.dataset.state).toBe('armed')
}

/**
 * A fresh visibility report on `target`, taken after anything the prompt started: the module's own
 * look after a click was asked first, so its answer (and what the click did with it) came before.
 */
function nextLook(target: Element): Promise<boolean> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        observer.disconnect()
        resolve((entries.at(-1) as { isVisible?: boolean } | undefined)?.isVisible === true)
      },
      { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
    observer.observe(target)
  })
}

/** A page element over the whole prompt that lets clicks pass through (the classic overlay). */
function cover(): HTMLElement {
  const element = document.createElement('div')
  element.textContent = 'Click anywhere to claim your prize'
  element.style.cssText = 'position:fixed;inset:0;z-index:10;background:#fff;pointer-events:none'
  document.body.append(element)
  return element
}

test('default: a prompt opens disarmed, focused on Approve, and asks the page to show the frame', async () => {
  fakeClock()
  const prompt = open()
  expect(prompt.log).toEqual(['show'])
  await expect.element(page.getByRole('dialog', { name: 'Sign message' })).toBeVisible()
  expect(prompt.card.getAttribute('aria-modal')).toBe('true')
  expect(document.activeElement).toBe(prompt.approve)
  expect(prompt.approve.getAttribute('aria-disabled')).toBe('true')
  expect(prompt.alert.hidden).toBe(true)
  await arm(prompt)
  expect(prompt.approve.getAttribute('aria-disabled')).toBe('false')
})

test('security: a double click that lands on a fresh prompt approves nothing (neither click is counted)', async () => {
  fakeClock()
  const prompt = open()
  await reach(prompt, 'arming')
  await userEvent.dblClick(prompt.approve, { force: true })
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
  // Not taken for a hidden prompt either: no alert, the page is not told anything.
  expect(prompt.alert.hidden).toBe(true)
  expect(prompt.log).toEqual(['show'])
  expect(prompt.card.isConnected).toBe(true)
})

test('behavior: a click 1 ms before the delay is not counted; once the delay passed, a trusted click approves', async () => {
  fakeClock()
  const prompt = open()
  await reach(prompt, 'arming')
  vi.advanceTimersByTime(approvalDelayMs - 1)
  await clickApprove(prompt)
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
  expect(prompt.card.dataset.state).toBe('arming')
  vi.advanceTimersByTime(1)
  expect(prompt.card.dataset.state).toBe('armed')
  expect(prompt.approve.getAttribute('aria-disabled')).toBe('false')
  await clickApprove(prompt)
  expect(await prompt.answer).toBe(true)
  expect(prompt.log).toEqual(['show', 'hide'])
})

test('behavior: Enter on the focused Approve counts only once the prompt is armed', async () => {
  fakeClock()
  const prompt = open()
  await reach(prompt, 'arming')
  // A user typing Enter as the prompt appears (it takes the focus) approves nothing.
  await userEvent.keyboard('{Enter}')
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
  vi.advanceTimersByTime(approvalDelayMs)
  await userEvent.keyboard('{Enter}')
  expect(await prompt.answer).toBe(true)
})

test('security: a script click (element.click(), a dispatched click, a dispatched Enter) on an armed Approve approves nothing', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  prompt.approve.click()
  prompt.approve.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }))
  prompt.approve.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
  expect(prompt.alert.hidden).toBe(true)
  // The same prompt, a trusted click: approved (so the script clicks were refused for being scripted).
  await clickApprove(prompt)
  expect(await prompt.answer).toBe(true)
})

test('security: a prompt covered by the page is hidden; a click on it is explained, reported and approves nothing', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  const overlay = cover()
  await reach(prompt, 'hidden')
  expect(prompt.approve.getAttribute('aria-disabled')).toBe('true')
  await clickApprove(prompt)
  await expect.element(page.getByRole('alert')).toHaveTextContent(hiddenClickText)
  expect(prompt.log).toEqual(['show', 'hidden'])
  expect(prompt.result.answer).toBeUndefined()
  // The way out the page cannot hide: the wallet's window, offered once however often the user clicks.
  const review = () => prompt.card.querySelectorAll('[data-portico-review]')
  expect(review()).toHaveLength(1)
  expect(review()[0]?.textContent).toBe('Review in a secure window')
  expect(review()[0]?.nextElementSibling).toBe(prompt.approve)
  await clickApprove(prompt)
  await expect.poll(() => prompt.log).toEqual(['show', 'hidden', 'hidden'])
  expect(review()).toHaveLength(1)
  // Uncovered, the wait starts again: a click right away is not counted, one after the delay is.
  overlay.remove()
  await reach(prompt, 'arming')
  await clickApprove(prompt)
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
  vi.advanceTimersByTime(approvalDelayMs)
  await clickApprove(prompt)
  expect(await prompt.answer).toBe(true)
})

test('security: a cover put over an armed prompt right before the click voids the click', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  cover()
  // Whether or not the last visibility report saw the cover yet, the fresh look after the click does.
  await clickApprove(prompt)
  await expect.element(page.getByRole('alert')).toHaveTextContent(hiddenClickText)
  expect(prompt.result.answer).toBeUndefined()
  expect(prompt.card.dataset.state).toBe('hidden')
})

test.each([
  ['made transparent', () => (document.body.style.opacity = '0.5')],
  ['filtered', () => (document.body.style.filter = 'blur(2px)')],
  ['transformed', () => (document.body.style.transform = 'rotate(3deg)')],
])('security: a prompt %s by the page is hidden and must be seen for the whole delay again', async (_, hide) => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  hide()
  await reach(prompt, 'hidden')
  document.body.removeAttribute('style')
  await reach(prompt, 'arming')
  vi.advanceTimersByTime(approvalDelayMs - 1)
  expect(prompt.card.dataset.state).toBe('arming')
  vi.advanceTimersByTime(1)
  expect(prompt.card.dataset.state).toBe('armed')
})

test('security: a frame squeezed below the smallest prompt size is hidden; restored, the wait starts again', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  viewportChanged = true
  await page.viewport(200, 600)
  await reach(prompt, 'hidden')
  await clickApprove(prompt)
  await expect.element(page.getByRole('alert')).toHaveTextContent(hiddenClickText)
  expect(prompt.result.answer).toBeUndefined()
  await page.viewport(1280, 800)
  await reach(prompt, 'arming')
  vi.advanceTimersByTime(approvalDelayMs)
  expect(prompt.card.dataset.state).toBe('armed')
})

test('security: a document the browser reports hidden (tab in the background) restarts the wait', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  // Headless Chromium keeps its one page visible: the browser's report is stood in for here.
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
  try {
    document.dispatchEvent(new Event('visibilitychange'))
    expect(prompt.card.dataset.state).toBe('hidden')
  } finally {
    delete (document as { visibilityState?: unknown }).visibilityState
  }
  document.dispatchEvent(new Event('visibilitychange'))
  await reach(prompt, 'arming')
  await clickApprove(prompt)
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBeUndefined()
})

test('behavior: Reject refuses at any time, armed or not, and takes the prompt away', async () => {
  fakeClock()
  const prompt = open()
  await reach(prompt, 'arming')
  await userEvent.click(prompt.reject)
  expect(await prompt.answer).toBe(false)
  expect(prompt.log).toEqual(['show', 'hide'])
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
})

// The prompt is an aria-modal dialog: Escape refuses, as the WAI-ARIA dialog pattern (and the kit's
// own modal) close on it. Key presses in the frame never reach the host page, so only it can.
test('a11y: Escape refuses the request', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  await userEvent.keyboard('{Escape}')
  await nextLook(prompt.card)
  expect(prompt.result.answer).toBe(false)
  expect(prompt.card.isConnected).toBe(false)
})

test('behavior: after a decision nothing is left: no prompt, no style, no focus on a removed button, the page told to hide the frame', async () => {
  fakeClock()
  const prompt = open()
  await arm(prompt)
  await clickApprove(prompt)
  expect(await prompt.answer).toBe(true)
  expect(document.body.childNodes).toHaveLength(0)
  expect(document.activeElement).toBe(document.body)
  expect(prompt.log).toEqual(['show', 'hide'])
})

test('edge: a prompt closed before it armed stops watching: its timer and listeners do nothing after', async () => {
  fakeClock()
  const prompt = open()
  await reach(prompt, 'arming')
  await userEvent.click(prompt.reject)
  expect(await prompt.answer).toBe(false)
  vi.advanceTimersByTime(approvalDelayMs)
  window.dispatchEvent(new Event('resize'))
  document.dispatchEvent(new Event('visibilitychange'))
  expect(prompt.card.dataset.state).toBe('arming')
  expect(vi.getTimerCount()).toBe(0)
})

test('security: a second request replaces the first, which is refused; its own Approve waits the whole delay again', async () => {
  fakeClock()
  const log: string[] = []
  const first = open({ title: 'Sign message', rows: [{ label: 'Message', value: 'harmless' }] }, log)
  await arm(first)
  // The page swaps the request under the user's pointer right before the click.
  const second = open({ title: 'Send transaction', rows: [{ label: 'Value', value: '100 ETH' }] }, log)
  expect(await first.answer).toBe(false)
  // The page is left showing the frame, for the second prompt.
  expect(log).toEqual(['show', 'hide', 'show'])
  expect(first.card.isConnected).toBe(false)
  await clickApprove(second)
  await nextLook(second.card)
  expect(second.result.answer).toBeUndefined()
  expect(second.card.dataset.state).toBe('arming')
  expect(second.card.querySelector('dd')?.textContent).toBe('100 ETH')
  expect(document.querySelectorAll('[role=dialog]')).toHaveLength(1)
  vi.advanceTimersByTime(approvalDelayMs)
  await clickApprove(second)
  expect(await second.answer).toBe(true)
  expect(first.result.answer).toBe(false)
})

test('behavior: two requests decided one after the other each get their own answer', async () => {
  fakeClock()
  const first = open({ rows: [{ label: 'Message', value: 'one' }] })
  await arm(first)
  await userEvent.click(first.reject)
  expect(await first.answer).toBe(false)
  const second = open({ rows: [{ label: 'Message', value: 'two' }] })
  // The second starts disarmed, whatever the first one had reached.
  expect(second.approve.getAttribute('aria-disabled')).toBe('true')
  await arm(second)
  await clickApprove(second)
  expect(await second.answer).toBe(true)
  expect(first.result.answer).toBe(false)
})

test('behavior: cancelApproval (an aborted request, a sign-out) refuses the open prompt and removes it', async () => {
  const prompt = open()
  cancelApproval()
  expect(await prompt.answer).toBe(false)
  expect(prompt.log).toEqual(['show', 'hide'])
  expect(document.body.childNodes).toHaveLength(0)
  // With nothing open it does nothing.
  cancelApproval()
})

test('security: the title, origin and rows are shown as text, in order, and never parsed as HTML', async () => {
  const payload = '<img src=x onerror="window.__pwned=1"><b>bold</b>'
  const rows = [
    { label: 'To', value: '0x000000000000000000000000000000000000dEaD' },
    { label: payload, value: payload },
    { label: 'Data', value: '</dd><dt>Value</dt><dd>0 ETH' },
  ]
  const prompt = open({ title: `Sign ${payload}`, origin: `${origin}${payload}`, rows })
  const list = prompt.card.querySelector('dl')!
  expect([...list.children].map((element) => [element.tagName, element.textContent])).toEqual(
    rows.flatMap((row) => [
      ['DT', row.label],
      ['DD', row.value],
    ]),
  )
  expect(prompt.card.querySelector('h1')?.textContent).toBe(`Sign ${payload}`)
  expect(prompt.card.querySelector('.origin')?.textContent).toBe(`${origin}${payload}`)
  expect(prompt.card.querySelectorAll('img, b, script')).toHaveLength(0)
  await nextLook(prompt.card)
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

test('security: the app name the host syncs is text, and its icon is shown only from https, loopback http or an inline image', async () => {
  const name = '<img src=x onerror="window.__pwned=2">Uniswap'
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  setDappData({ projectId: 'test', metadata: { name, icons: ['javascript:alert(1)'] } })
  let prompt = open()
  expect(prompt.card.querySelector('.dapp-name')?.textContent).toBe(name)
  expect(prompt.card.querySelectorAll('img')).toHaveLength(0)
  expect(console.warn).toHaveBeenCalledWith('[portico] Ignored a dapp icon that is not https')
  cancelApproval()
  setDappData({ projectId: 'test', metadata: { name: 'App', icons: ['https://app.example/icon.png'] } })
  prompt = open()
  const icon = prompt.card.querySelector('img')
  expect(icon?.getAttribute('src')).toBe('https://app.example/icon.png')
  expect(icon?.referrerPolicy).toBe('no-referrer')
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

test('behavior: the storage note is shown under the request, as text', async () => {
  setStorageNote('Nothing is kept after you leave this page <b>!</b>')
  const prompt = open()
  const note = prompt.card.querySelector('[data-portico-storage-note]')
  expect(note?.textContent).toBe('Nothing is kept after you leave this page <b>!</b>')
  expect(note?.previousElementSibling?.tagName).toBe('DL')
  expect(prompt.card.querySelectorAll('b')).toHaveLength(0)
})
