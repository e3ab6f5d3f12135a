// The Toaster as a screen reader and a user meet it: one polite live region that is in the page
// before any toast (so the first one is announced), each variant's glyph, one toast at a time (the
// one shown marked leaving, then replaced after 150 ms), success and error gone after 2.5 s while a
// loading toast stays, markup in a message shown as text, and an alert replayed by a remount
// (StrictMode) shown once. Toasts are shown through the modal's own toasts (`createToasts`, the
// same call a view makes). The store's timing rules are unit-tested in toasts.test.ts; alerts as
// toasts with the modal closed, and the region left readable while the modal is open, in
// Modal.browser.test.tsx.
import { PorticoProvider } from '@portico/headless'
import { StrictMode } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../context.js'
import { PorticoUI } from '../PorticoUI.js'
import { createHarness } from '../test/harness.js'
import type { ModalController } from './controller.js'
import { createToasts, toastDurationMs, toastReplaceDelayMs } from './toasts.js'

const stops: (() => void)[] = []
afterEach(async () => {
  vi.useRealTimers()
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

const seen: { modal?: ModalController } = {}
function Probe() {
  seen.modal = usePorticoUI('Probe').modal
  return null
}

async function mount({ strict = false } = {}) {
  const harness = await createHarness()
  stops.push(harness.cleanup)
  const tree = (
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <Probe />
      </PorticoUI>
    </PorticoProvider>
  )
  await render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  const modal = seen.modal as ModalController
  return { ...harness, toasts: modal.local(createToasts) }
}

const region = () => document.querySelector<HTMLElement>('[data-slot="toast-region"]')
const toastsShown = () => [...document.querySelectorAll<HTMLElement>('[data-slot="toast"]')]

/** Every toast id rendered from now on, and the most toasts ever on screen at once. */
function watchToasts() {
  const ids = new Set<string>()
  let most = 0
  const observer = new MutationObserver(() => {
    const shown = toastsShown()
    most = Math.max(most, shown.length)
    for (const toast of shown) ids.add(toast.dataset.toastId ?? '')
  })
  observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  return { ids: () => [...ids], most: () => most, stop: () => observer.disconnect() }
}

test('a11y: the polite live region is there, empty, before any toast; the toast is rendered inside that same region', async () => {
  const { toasts } = await mount()
  // The modal's chunk (with the Toaster) arrives at idle after the first render.
  await expect.poll(region).not.toBeNull()
  const before = region() as HTMLElement
  expect(before.getAttribute('role')).toBe('status')
  expect(before.getAttribute('aria-live')).toBe('polite')
  expect(before.textContent).toBe('')
  expect(before.closest('[data-portico]')).not.toBeNull()
  toasts.show('success', 'Address copied')
  await expect.poll(() => region()?.textContent).toBe('Address copied')
  // The same node: a live region added together with its text is not announced.
  expect(region()).toBe(before)
  expect(toastsShown()).toHaveLength(1)
})

test('behavior: each variant carries its glyph: a spinner while loading, a check on success, a warning on error', async () => {
  const { toasts } = await mount()
  await expect.poll(region).not.toBeNull()
  const glyph = () => {
    const toast = toastsShown()[0]
    return [toast?.dataset.variant, toast?.querySelector('svg')?.getAttribute('data-icon') ?? null]
  }
  toasts.show('loading', 'Waiting for the wallet')
  await expect.poll(glyph).toEqual(['loading', null])
  // The spinner is decoration: the text is what is announced.
  expect(toastsShown()[0]?.querySelector('[aria-hidden="true"]')).not.toBeNull()
  toasts.dismiss()
  toasts.show('success', 'Done')
  await expect.poll(glyph).toEqual(['success', 'check'])
  toasts.dismiss()
  toasts.show('error', 'Failed')
  await expect.poll(glyph).toEqual(['error', 'warning'])
})

test('behavior: a new toast while one shows marks it leaving, then replaces it after 150 ms: never two at once', async () => {
  const { toasts } = await mount()
  await expect.poll(region).not.toBeNull()
  const watch = watchToasts()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  toasts.show('error', 'First')
  await expect.poll(() => toastsShown()[0]?.textContent).toBe('First')
  toasts.show('error', 'Second')
  await expect.poll(() => toastsShown()[0]?.dataset.leaving).toBe('true')
  vi.advanceTimersByTime(toastReplaceDelayMs - 1)
  expect(toastsShown()[0]?.textContent).toBe('First')
  vi.advanceTimersByTime(1)
  await expect.poll(() => toastsShown()[0]?.textContent).toBe('Second')
  expect(toastsShown()[0]?.dataset.leaving).toBe('false')
  expect(watch.most()).toBe(1)
  expect(watch.ids()).toHaveLength(2)
  watch.stop()
})

test('behavior: success and error toasts leave after 2.5 s to the millisecond; a loading toast stays until replaced', async () => {
  const { toasts } = await mount()
  await expect.poll(region).not.toBeNull()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  toasts.show('error', 'Token Balance Unavailable')
  await expect.poll(() => toastsShown()).toHaveLength(1)
  vi.advanceTimersByTime(toastDurationMs - 1)
  expect(toastsShown()).toHaveLength(1)
  vi.advanceTimersByTime(1)
  await expect.poll(() => toastsShown()).toHaveLength(0)
  expect(region()?.textContent).toBe('')
  toasts.show('loading', 'Switching network')
  await expect.poll(() => toastsShown()).toHaveLength(1)
  vi.advanceTimersByTime(toastDurationMs * 4)
  expect(toastsShown()[0]?.textContent).toBe('Switching network')
})

test('security: markup in a message (a wallet error, a token name) is shown as text, never parsed', async () => {
  const { toasts } = await mount()
  await expect.poll(region).not.toBeNull()
  const hostile = `<img src=x onerror="window.__toastPwned=1">${'W'.repeat(300)}`
  toasts.show('error', hostile)
  await expect.poll(() => toastsShown()[0]?.textContent).toBe(hostile)
  expect(region()?.querySelector('img')).toBeNull()
  expect((window as { __toastPwned?: number }).__toastPwned).toBeUndefined()
})

test('edge: an alert raised before the modal loads, replayed to the Toaster by StrictMode’s second mount, is shown once', async () => {
  const watch = watchToasts()
  const harness = await createHarness()
  stops.push(harness.cleanup)
  // Raised before the provider mounts: every subscriber hears it from the alert history (a replay).
  harness.portico.alerts.emit('WALLET_SESSION_ENDED')
  await render(
    <StrictMode>
      <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
        <PorticoUI>
          <Probe />
        </PorticoUI>
      </PorticoProvider>
    </StrictMode>,
  )
  await expect.poll(() => region()?.textContent).toBe('The wallet ended the session')
  // A second showing of the same alert would first mark this one leaving.
  await expect.poll(() => (seen.modal as ModalController).local(createToasts).get().leaving).toBe(false)
  expect(watch.ids()).toHaveLength(1)
  watch.stop()
})
