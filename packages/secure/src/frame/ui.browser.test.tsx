// The frame's prompt DOM (ui.ts) in real Chromium: showPrompt's dialog (roles, labels, focus), how
// it is answered (once: a late second answer, a replaced prompt's answer and a script's Escape do
// nothing), the header's host-given text (app name and icon, origin) kept as text and inside its
// own element, the layout keeping the request and the buttons in view whatever the values, and the
// host's theme passing the sanitiser. Elsewhere: Approve's visibility gating, its trusted and
// one-at-a-time clicks (guardButton) and HTML in rows in approval.browser.test.tsx; the arming rule
// in visibility.test.ts; the key export prompt in exportKey.browser.test.tsx; a hostile page
// around a real frame in tests/e2e/embeddedFrameSafety.test.ts.
import { cssVariableName } from '@portico/themes'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cancelApproval, requestApproval } from './approval.js'
import {
  applyTheme,
  button,
  closePrompt,
  currentDapp,
  type PromptParts,
  setDappData,
  setStorageNote,
  showAlert,
  showPrompt,
} from './ui.js'
import { minPromptSize } from './visibility.js'

const origin = 'http://127.0.0.1:5173'
let viewportChanged = false

afterEach(async () => {
  closePrompt()
  vi.restoreAllMocks()
  document.body.replaceChildren()
  document.documentElement.removeAttribute('style')
  setDappData({ projectId: 'test' })
  setStorageNote(undefined)
  delete (window as { __pwned?: unknown }).__pwned
  if (viewportChanged) await page.viewport(1280, 800)
  viewportChanged = false
})

/** Opens a prompt with Reject and Approve (each answering), focused on Approve; counts its closes. */
function open(title = 'Sign message', fill: (parts: PromptParts) => void = () => {}) {
  const closes: string[] = []
  let parts: PromptParts | undefined
  let reject: HTMLButtonElement | undefined
  let approve: HTMLButtonElement | undefined
  const close = showPrompt({ title, origin, onClose: () => closes.push(title) }, (given, answer) => {
    parts = given
    fill(given)
    reject = button('Reject', 'reject')
    approve = button('Approve', 'approve')
    reject.addEventListener('click', answer)
    approve.addEventListener('click', answer)
    given.actions.append(reject, approve)
    return approve
  })
  if (!parts || !reject || !approve) throw new Error('the prompt was not built')
  return { close, closes, ...parts, reject, approve }
}

/** Whether `element`'s text is laid out left to right: its first character drawn left of its last. */
function readsLeftToRight(element: Element): boolean {
  const text = element.firstChild
  if (!(text instanceof Text) || text.length < 2) throw new Error('no text to measure')
  const at = (index: number) => {
    const range = document.createRange()
    range.setStart(text, index)
    range.setEnd(text, index + 1)
    return range.getBoundingClientRect().left
  }
  return at(0) < at(text.length - 1)
}

/** Whether `inner` is drawn whole inside `outer`'s box (each a rectangle on screen). */
function inside(inner: DOMRect, outer: DOMRect): boolean {
  return (
    inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right
  )
}

const viewport = () => new DOMRect(0, 0, window.innerWidth, window.innerHeight)

test('a11y: the prompt is a modal dialog named by its title, with a hidden alert line and real buttons, focused where its builder says', async () => {
  const prompt = open('Send transaction')
  await expect.element(page.getByRole('dialog', { name: 'Send transaction' })).toBeVisible()
  expect(prompt.card.getAttribute('aria-modal')).toBe('true')
  expect(document.getElementById(prompt.card.getAttribute('aria-labelledby') ?? '')?.tagName).toBe('H1')
  expect(document.querySelectorAll('#portico-prompt-title')).toHaveLength(1)
  expect(prompt.alert.getAttribute('role')).toBe('alert')
  expect(prompt.alert.hidden).toBe(true)
  await expect.element(page.getByRole('alert')).not.toBeInTheDocument()
  for (const element of [prompt.reject, prompt.approve]) expect(element.type).toBe('button')
  expect([prompt.reject.dataset.kind, prompt.approve.dataset.kind]).toEqual(['reject', 'approve'])
  await expect.element(page.getByRole('button', { name: 'Approve' })).toHaveFocus()
})

test('a11y: showAlert makes the alert line visible and announced, its text as text', async () => {
  const prompt = open()
  showAlert(prompt.alert, '<img src=x onerror="window.__pwned=1">Try again')
  await expect.element(page.getByRole('alert')).toHaveTextContent('<img src=x onerror="window.__pwned=1">Try again')
  expect(prompt.alert.children).toHaveLength(0)
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

test('default: header, body, alert and buttons in that order; no app row without a synced name; the storage note last in the body', () => {
  setStorageNote('Kept for this site only')
  const prompt = open('Sign message', ({ body }) =>
    body.append(Object.assign(document.createElement('dl'), { id: 'rows' })),
  )
  expect([...prompt.card.children].map((element) => element.className || element.tagName)).toEqual([
    'H1',
    'origin',
    'body',
    'alert',
    'actions',
  ])
  expect(prompt.card.querySelector('.origin')?.textContent).toBe(origin)
  expect([...prompt.body.children].map((element) => element.id || element.className)).toEqual(['rows', 'note'])
  closePrompt()
  // A name of only spaces is no name: the row is left out rather than drawn empty.
  setDappData({ projectId: 'test', metadata: { name: 'Uniswap' } })
  setDappData({ projectId: 'test', metadata: { name: '  \n ' } })
  setStorageNote(undefined)
  const bare = open()
  expect(bare.card.querySelector('[data-portico-dapp]')).toBeNull()
  expect(bare.card.querySelector('[data-portico-storage-note]')).toBeNull()
})

test('behavior: an answer removes everything drawn and runs onClose once; a late second answer is ignored', async () => {
  const prompt = open('Sign message', ({ body }) => {
    body.append(Object.assign(document.createElement('p'), { textContent: 'secret-looking text' }))
  })
  await userEvent.click(prompt.reject)
  expect(prompt.closes).toEqual(['Sign message'])
  expect(document.body.childNodes).toHaveLength(0)
  expect(document.body.textContent).not.toContain('secret-looking text')
  // Later answers: the same close again, the other (now detached) button, closePrompt, Escape.
  prompt.close()
  prompt.approve.click()
  closePrompt()
  await userEvent.keyboard('{Escape}')
  expect(prompt.closes).toEqual(['Sign message'])
})

test('security: a trusted double click on Reject answers once', async () => {
  const prompt = open()
  await userEvent.dblClick(prompt.reject)
  expect(prompt.closes).toEqual(['Sign message'])
  expect(prompt.card.isConnected).toBe(false)
})

test('security: a replaced prompt is refused before the new one is drawn, and its late answer cannot close the new one', async () => {
  const log: string[] = []
  const first = open('First')
  const second = showPrompt(
    {
      title: 'Second',
      origin,
      onClose: () => log.push('second closed'),
    },
    ({ actions }) => {
      // The first was answered (as refused) and taken away before this one is built.
      log.push(`first closes: ${first.closes.length}, first drawn: ${first.card.isConnected}`)
      const approve = button('Approve', 'approve')
      actions.append(approve)
      return approve
    },
  )
  expect(log).toEqual(['first closes: 1, first drawn: false'])
  // The first prompt's buttons and close, used late (a handler still running, a stale reference).
  first.close()
  first.reject.click()
  expect(first.closes).toEqual(['First'])
  expect(log).toEqual(['first closes: 1, first drawn: false'])
  await expect.element(page.getByRole('dialog', { name: 'Second' })).toBeVisible()
  expect(document.querySelectorAll('[role=dialog]')).toHaveLength(1)
  // The focus is on the new prompt's button, never on the removed one.
  expect(document.activeElement?.textContent).toBe('Approve')
  expect(document.activeElement?.isConnected).toBe(true)
  second()
  expect(log).toEqual(['first closes: 1, first drawn: false', 'second closed'])
})

test('security: an Escape a script dispatches refuses nothing; the user’s Escape refuses once', async () => {
  const prompt = open()
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
  prompt.approve.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }))
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
  expect(prompt.closes).toEqual([])
  expect(prompt.card.isConnected).toBe(true)
  await userEvent.keyboard('{Escape}')
  expect(prompt.closes).toEqual(['Sign message'])
  expect(prompt.card.isConnected).toBe(false)
})

test('behavior: other keys the user presses do not answer', async () => {
  const prompt = open('Sign message', ({ body }) => {
    body.tabIndex = -1
  })
  prompt.body.focus()
  await userEvent.keyboard('q{Backspace}{ArrowDown}{Delete}')
  expect(prompt.closes).toEqual([])
  expect(prompt.card.isConnected).toBe(true)
})

test('edge: Escape after a replacement refuses only the prompt now shown; with none shown it does nothing', async () => {
  const first = open('First')
  const second = open('Second')
  expect(first.closes).toEqual(['First'])
  await userEvent.keyboard('{Escape}')
  expect(second.closes).toEqual(['Second'])
  expect(first.closes).toEqual(['First'])
  await userEvent.keyboard('{Escape}')
  expect(document.body.childNodes).toHaveLength(0)
  // A new prompt after all that is not closed by anything left behind.
  const third = open('Third')
  expect(third.closes).toEqual([])
  await expect.element(page.getByRole('dialog', { name: 'Third' })).toBeVisible()
})

// The prompt is modal (aria-modal): Tab never leaves it for the host page around the frame, where
// a keyboard user's next Enter or Space would act on whatever the page put next.
test('a11y: Tab from the last button wraps to the first; the focus never leaves the dialog', async () => {
  const prompt = open()
  expect(document.activeElement).toBe(prompt.approve)
  await userEvent.tab()
  expect(document.activeElement).toBe(prompt.reject)
  await userEvent.tab({ shift: true })
  expect(document.activeElement).toBe(prompt.approve)
  await userEvent.tab()
  await userEvent.tab()
  expect(document.activeElement).toBe(prompt.approve)
})

test('security: bidi override characters in the app name or a row stay in their own element: the origin and the amount read left to right', async () => {
  const rlo = '\u202E'
  setDappData({ projectId: 'test', metadata: { name: `${rlo}moc.pawsinu` } })
  requestApproval(
    {
      title: 'Send transaction',
      origin,
      rows: [
        { label: `To${rlo}`, value: `${rlo}0x000000000000000000000000000000000000dEaD` },
        { label: 'Value (wei)', value: '1000000000000000000' },
      ],
    },
    { show: () => {}, hidden: () => {} },
  )
  // Shown exactly as given (the name is the host's claim; the verified origin is beside it) …
  expect(document.querySelector('.dapp-name')?.textContent).toBe(`${rlo}moc.pawsinu`)
  // … and it reorders nothing outside itself.
  expect(readsLeftToRight(document.querySelector('.origin span')!)).toBe(true)
  const amount = [...document.querySelectorAll('dd')].at(-1)!
  expect(amount.textContent).toBe('1000000000000000000')
  expect(readsLeftToRight(amount)).toBe(true)
  expect(readsLeftToRight(document.querySelectorAll('dt')[1]!)).toBe(true)
  cancelApproval()
})

test('security: a huge value before the recipient and amount does not push them, or the buttons, out of view', async () => {
  const huge = `0x${'ab'.repeat(50_000)}`
  requestApproval(
    {
      title: 'Send transaction',
      origin,
      rows: [
        { label: 'Data', value: huge },
        { label: 'Calldata as text', value: 'lorem ipsum '.repeat(5_000) },
        { label: 'To', value: '0x000000000000000000000000000000000000dEaD' },
        { label: 'Value (wei)', value: '1000000000000000000' },
      ],
    },
    { show: () => {}, hidden: () => {} },
  )
  const card = document.querySelector<HTMLElement>('[role=dialog]')!
  const body = card.querySelector<HTMLElement>('.body')!.getBoundingClientRect()
  const values = [...card.querySelectorAll('dd')]
  expect(values[0]?.textContent).toBe(huge)
  for (const value of values.slice(2)) {
    expect(inside(value.getBoundingClientRect(), body)).toBe(true)
    expect(inside(value.getBoundingClientRect(), viewport())).toBe(true)
  }
  for (const name of ['Reject', 'Approve'])
    expect(inside(page.getByRole('button', { name }).element().getBoundingClientRect(), viewport())).toBe(true)
  // Nothing widens the prompt: no line runs past its edge.
  expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth)
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  cancelApproval()
})

// visibility.ts counts a frame of minPromptSize (240 × 240) as big enough to show a prompt whole,
// and the header shows text the host controls: its own origin (a host name may be 253 characters)
// and the app name it syncs (up to 128). Both stay on one line, so they never squeeze the request's
// body out of the frame while Approve stays in view; the origin keeps its end (the registrable domain).
test('security: at the smallest size visibility accepts, a long origin and app name do not squeeze the request out of view', async () => {
  viewportChanged = true
  await page.viewport(minPromptSize.width, minPromptSize.height)
  const host = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(60)).join('.')
  setDappData({
    projectId: 'test',
    metadata: {
      name: Array.from({ length: 25 }, () => 'Swap')
        .join(' ')
        .slice(0, 128),
    },
  })
  requestApproval(
    {
      title: 'Send transaction',
      origin: `https://${host}.example`,
      rows: [
        { label: 'To', value: '0x000000000000000000000000000000000000dEaD' },
        { label: 'Value (wei)', value: '1000000000000000000' },
      ],
    },
    { show: () => {}, hidden: () => {} },
  )
  expect(window.innerWidth).toBe(minPromptSize.width)
  const card = document.querySelector<HTMLElement>('[role=dialog]')!
  const approve = page.getByRole('button', { name: 'Approve' }).element().getBoundingClientRect()
  expect(inside(approve, viewport())).toBe(true)
  const body = card.querySelector<HTMLElement>('.body')!.getBoundingClientRect()
  const recipient = card.querySelector('dd')!.getBoundingClientRect()
  expect(inside(recipient, body)).toBe(true)
  // The origin is cut at its start: its end, the domain that owns it, is what stays in view.
  const shown = card.querySelector<HTMLElement>('.origin')!
  expect(shown.textContent).toBe(`https://${host}.example`)
  expect(shown.title).toBe(`https://${host}.example`)
  const line = shown.getBoundingClientRect()
  const range = document.createRange()
  range.selectNodeContents(shown.firstChild!)
  const glyphs = [...range.getClientRects()]
  expect(glyphs.at(-1)!.right).toBeLessThanOrEqual(line.right + 0.5)
  expect(glyphs[0]!.left).toBeLessThan(line.left)
})

test.each([
  ['https://127.0.0.1:1/icon.png', 'https://127.0.0.1:1/icon.png'],
  ['http://127.0.0.1:5173/icon.png', 'http://127.0.0.1:5173/icon.png'],
  ['http://localhost/icon.png', 'http://localhost/icon.png'],
  ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ['http://app.example/icon.png', undefined],
  ['http://[::1]/icon.png', undefined],
  ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', undefined],
  ['data:text/html;base64,PHNjcmlwdD4=', undefined],
  ['data:image/png;base64,iVBOR"onerror="x', undefined],
  ['//app.example/icon.png', undefined],
  ['ftp://app.example/icon.png', undefined],
])('security: the app icon %j is shown as %j', (icon, shown) => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  setDappData({ projectId: 'test', metadata: { name: ' App ', icons: [icon, 'https://127.0.0.1:1/second.png'] } })
  expect(currentDapp()).toEqual({ name: 'App', icon: shown })
  if (!shown) expect(console.warn).toHaveBeenCalledWith('[portico] Ignored a dapp icon that is not https')
  else expect(console.warn).not.toHaveBeenCalled()
  const prompt = open()
  const image = prompt.card.querySelector('[data-portico-dapp] img')
  expect(image?.getAttribute('src') ?? undefined).toBe(shown)
  if (image)
    expect([image.getAttribute('alt'), (image as HTMLImageElement).referrerPolicy]).toEqual(['', 'no-referrer'])
})

test('edge: what currentDapp hands out is a copy: changing it changes no later prompt', () => {
  setDappData({ projectId: 'test', metadata: { name: 'App' } })
  const copy = currentDapp()!
  copy.name = 'Changed'
  expect(currentDapp()?.name).toBe('App')
  expect(open().card.querySelector('.dapp-name')?.textContent).toBe('App')
})

test('security: a theme value with a block, a URL or a script is never set; a plain colour is', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const accent = cssVariableName('colors', 'accent')
  const surface = cssVariableName('colors', 'surface')
  const root = document.documentElement.style
  applyTheme({ themeMode: 'light', themeVariables: { [accent]: '#ff0000' } })
  expect(root.getPropertyValue(accent)).toBe('#ff0000')
  expect(root.colorScheme).toBe('light')
  const before = root.getPropertyValue(surface)
  for (const hostile of [
    'red;background:url(http://127.0.0.1:1/x)',
    'url(http://127.0.0.1:1/x)',
    'red}body{display:none',
    'expression(alert(1))',
    '<script>',
  ]) {
    applyTheme({ themeVariables: { [accent]: hostile, [surface]: hostile } })
    // The hostile value is dropped; the token falls back to the theme's own (never the hostile one).
    expect(root.getPropertyValue(accent)).not.toContain(hostile)
    expect(root.getPropertyValue(surface)).toBe(before)
    for (let index = 0; index < root.length; index++)
      expect(root.getPropertyValue(root.item(index))).not.toMatch(/url\(|expression\(|[;{}<>]/i)
  }
  // The mode stays as last synced when a later sync leaves it out.
  expect(root.colorScheme).toBe('light')
})
