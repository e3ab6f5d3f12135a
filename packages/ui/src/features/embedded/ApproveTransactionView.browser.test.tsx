// ApproveTransactionView (the secure frame laid over the modal while it asks for an approval) in
// real Chromium against the test auth server and frame (packages/ui/src/test/globalAuth.ts): the
// waiting state with no prompt, the prompt showing the very request the page made, Approve not
// counted while the page covers or dims the frame, and a double click approving one request of two.
// The frame's placement, focus, Close rejecting and 'Action not allowed' are in
// EmailLogin.browser.test.tsx; the user-held recovery code over this view there too.

import { type Portico, PorticoProvider, signMessage } from '@portico/headless'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { verifyMessage } from 'viem'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { PorticoUI } from '../../PorticoUI.js'
import { emailLogin, embeddedPortico, secureFrames, stopEmbedded } from '../../test/embeddedKit.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const covers: HTMLElement[] = []
afterEach(async () => {
  for (const cover of covers.splice(0)) cover.remove()
  vi.restoreAllMocks()
  await cleanup()
  stopEmbedded()
})

/** Opens `view` (ApproveTransaction is the kit's own: the modal's table, not the host's `useModal`). */
function OpenOnMount({ view }: { view: 'Account' | 'ApproveTransaction' }) {
  const { modal } = usePorticoUI('OpenOnMount')
  useEffect(() => modal.open({ view }), [modal, view])
  return null
}

async function mount(portico: Portico, view: 'Account' | 'ApproveTransaction') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <OpenOnMount view={view} />
      </PorticoUI>
    </PorticoProvider>,
  )
}

const $ = (slot: string) => document.querySelector(`[data-slot="${slot}"]`) as HTMLElement | null
const frame = () => secureFrames()[0] as HTMLIFrameElement
const inFrame = () => page.frameLocator(page.elementLocator(frame()))
const approve = () => inFrame().getByRole('button', { name: 'Approve' })

/** A logged-in kit whose Account view has tied the frame's prompts to the modal, then closed. */
async function loggedIn() {
  const portico = embeddedPortico()
  const { address } = await emailLogin(portico)
  await mount(portico, 'Account')
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Close' }))
  await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull()
  return { portico, address: address as `0x${string}` }
}

/** Waits for the prompt over the view (the page cannot read the frame's document: Playwright's actions can). */
async function promptOpen() {
  await expect.poll(() => $('approve-transaction')?.getAttribute('data-state')).toBe('open')
}

/**
 * Asserts the prompt shows `text` (a click on it, which Playwright makes only once it finds it
 * there: the frame is another origin, out of the page's reach).
 */
const shownInFrame = (text: string) => userEvent.click(inFrame().getByText(text, { exact: true }))

/**
 * Clicks Approve as a page script cannot stop it (Playwright's force: no wait for it to be enabled)
 * until the frame reports the click was not counted: a click before the frame's look saw the
 * change is not counted either, and a click that counted would settle the request.
 */
async function clickUntilRefused(warn: { mock: { calls: unknown[][] } }) {
  const refusals = () => warn.mock.calls.filter(([text]) => String(text).includes('was not counted')).length
  const before = refusals()
  await expect
    .poll(async () => {
      await userEvent.click(approve(), { force: true })
      return refusals() > before
    })
    .toBe(true)
}

test('default: opened with no prompt it waits: "Opening the secure window…" is announced and the frame stays hidden, not laid over the view', async () => {
  const portico = embeddedPortico()
  await mount(portico, 'ApproveTransaction')
  await expect.element(page.getByRole('heading', { name: 'Approve request' })).toBeVisible()
  await expect.element(page.getByText('Review the request in your wallet’s secure window.')).toBeVisible()
  expect($('approve-transaction')?.getAttribute('data-state')).toBe('waiting')
  await expect.element(page.getByRole('status', { name: 'Opening the secure window…' })).toBeInTheDocument()
  // The frame (once the kit adds it) is hidden from everyone while nothing is asked.
  for (const element of secureFrames()) expect(element.getAttribute('aria-hidden')).toBe('true')
})

test('security: the prompt over the view shows the request the page made (its message and the asking origin); a click while the page covers the frame, or dims it, is not counted; in view, Approve signs that message', async () => {
  const { portico, address } = await loggedIn()
  const message = `approve-view ${Date.now().toString(36)} <b>not markup</b>`
  const warn = vi.spyOn(console, 'warn')
  let settled = false
  const signing = signMessage(portico, { message }).finally(() => {
    settled = true
  })
  signing.catch(() => {})
  await promptOpen()
  await shownInFrame(message)
  await shownInFrame(location.origin)

  // A transparent layer over the frame, letting clicks through (clickjacking): the frame sees it covered.
  const area = ($('approve-frame-area') as HTMLElement).getBoundingClientRect()
  const cover = document.createElement('div')
  Object.assign(cover.style, {
    position: 'fixed',
    left: `${area.left}px`,
    top: `${area.top}px`,
    width: `${area.width}px`,
    height: `${area.height}px`,
    zIndex: '2147483647',
    pointerEvents: 'none',
    background: 'rgba(255, 255, 255, 0.01)',
  })
  covers.push(cover)
  document.body.append(cover)
  await clickUntilRefused(warn)
  expect(settled).toBe(false)
  cover.remove()
  // Armed again before the next part (Playwright's trial click waits for Approve to be enabled), so
  // the refusal below is the dimming's, not the cover's last report still standing.
  await userEvent.click(approve(), { trial: true })

  // Dimmed by the page (the document around the frame made half transparent): not counted either.
  // The frame looks at itself after each click, so the click that follows the dimming is refused.
  document.body.style.opacity = '0.5'
  try {
    await clickUntilRefused(warn)
  } finally {
    document.body.style.opacity = ''
  }
  expect(settled).toBe(false)

  // In full view again: Approve counts once armed (Playwright waits for it to be enabled), and
  // what is signed is the page's message.
  await userEvent.click(approve())
  const signature = (await signing) as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  await expect.poll(() => frame().getAttribute('aria-hidden')).toBe('true')
})

test('behavior: a double click on Approve approves once: the request is signed, and the next request waits for its own click', async () => {
  const { portico, address } = await loggedIn()
  const first = `first ${Date.now().toString(36)}`
  const signingFirst = signMessage(portico, { message: first })
  signingFirst.catch(() => {})
  await promptOpen()
  await shownInFrame(first)
  await userEvent.dblClick(approve())
  const signature = (await signingFirst) as `0x${string}`
  expect(await verifyMessage({ address, message: first, signature })).toBe(true)

  // The next request right after: the double click's second click is not carried over to it.
  const second = `second ${Date.now().toString(36)}`
  let secondDone = false
  const signingSecond = signMessage(portico, { message: second }).finally(() => {
    secondDone = true
  })
  signingSecond.catch(() => {})
  await promptOpen()
  await shownInFrame(second)
  expect(secondDone).toBe(false)
  await userEvent.click(approve())
  const signatureSecond = (await signingSecond) as `0x${string}`
  expect(await verifyMessage({ address, message: second, signature: signatureSecond })).toBe(true)
})
