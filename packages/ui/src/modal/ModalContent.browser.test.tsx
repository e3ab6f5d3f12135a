// ModalContent, the dialog's box: focus given back to a host's own opener after the Close button,
// the first control focused (and marked as a pointer's focus) when the page opens the modal with
// nothing focused, presses on the overlay (dismissing on the click only; a right press or a
// ctrl-press never), and Tab / Shift+Tab looping inside the dialog past wallets disabled by the
// legal box's fieldset. Escape, focus return to the Connect button after Escape, the keyboard ring,
// the plain Tab trap, aria-hidden on the page and the overlay click are in Modal.browser.test.tsx;
// the closed dialog rendered ahead (no role) in prerender.browser.test.tsx.
import { afterEach, expect, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { en } from '../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { modalSettled } from '../test/modalSettled.js'
import { useModal } from '../useModal.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

let handle: ReturnType<typeof useModal> | undefined
/** A host's own buttons: one that opens the modal through useModal, and one that does nothing. */
function HostButtons() {
  handle = useModal()
  return (
    <>
      <button type="button" onClick={() => handle?.open({ view: 'Networks' })}>
        Host networks
      </button>
      <button type="button">Elsewhere</button>
    </>
  )
}

async function mount(options: HarnessOptions = {}) {
  const harness = await createHarness(options)
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <HostButtons />
    </harness.Wrapper>,
  )
  return harness
}

const dialog = () => page.getByRole('dialog')
const inDialog = () => dialog().element().contains(document.activeElement)
const overlay = () => document.querySelector('[data-slot="modal-overlay"]') as HTMLElement
const pointer = (target: Element, type: string, init: PointerEventInit = {}) =>
  target.dispatchEvent(
    new PointerEvent(type, { bubbles: true, cancelable: true, isPrimary: true, pointerType: 'mouse', ...init }),
  )

test("a11y: opened from a host's own button, the dialog is named by its title, and the Close button gives focus back to that button", async () => {
  await mount()
  const opener = page.getByRole('button', { name: 'Host networks' })
  await userEvent.click(opener)
  await expect.element(page.getByRole('dialog', { name: en.titleNetworks })).toBeVisible()
  await expect.poll(inDialog).toBe(true)
  await userEvent.click(page.getByRole('button', { name: en.close }))
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(opener).toHaveFocus()
})

test('a11y: opened by the page with nothing focused, focus goes into the dialog (Close, its first control), marked as no keyboard focus; closing leaves it on no stale control', async () => {
  await mount()
  ;(document.activeElement as HTMLElement | null)?.blur()
  expect(document.activeElement).toBe(document.body)
  handle?.open()
  await expect.element(dialog()).toBeVisible()
  const close = page.getByRole('button', { name: en.close }).element()
  // The first control, Close. In about one full-file run out of seven the first painted frame finds
  // no visible control yet and the box itself takes focus (reported; still inside the dialog, so
  // both are accepted here).
  await expect.poll(() => [close, dialog().element()].includes(document.activeElement as HTMLElement)).toBe(true)
  const focused = document.activeElement as HTMLElement
  expect(focused.hasAttribute('data-pointer-focus')).toBe(true)
  // A key makes the user a keyboard user: the mark goes.
  await userEvent.keyboard('{Shift>}{Shift/}')
  expect(focused.hasAttribute('data-pointer-focus')).toBe(false)
  handle?.close()
  await expect.element(dialog()).not.toBeInTheDocument()
  // Nothing opened it: focus is not handed to a host control that never had it.
  expect(page.getByRole('button', { name: 'Host networks' }).element()).not.toBe(document.activeElement)
  expect(page.getByRole('button', { name: 'Elsewhere' }).element()).not.toBe(document.activeElement)
})

test('behavior: a press on the overlay dismisses only once it ends in a click; a right press or a ctrl-press never does', async () => {
  await mount()
  await userEvent.click(page.getByRole('button', { name: 'Host networks' }))
  await expect.element(dialog()).toBeVisible()
  await expect.poll(inDialog).toBe(true)
  // A right press (a context menu) and its release.
  pointer(overlay(), 'pointerdown', { button: 2 })
  overlay().dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 }))
  // A ctrl-press (macOS's context menu) ended in a click.
  pointer(overlay(), 'pointerdown', { button: 0, ctrlKey: true })
  overlay().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }))
  // The press that follows is another task, as a person's is (the layer settles a click in a task of its own).
  await modalSettled()
  expect(dialog().query()).not.toBeNull()
  // A plain press still held.
  pointer(overlay(), 'pointerdown', { button: 0 })
  await modalSettled()
  expect(dialog().query()).not.toBeNull()
  // Its click ends it: the modal closes.
  overlay().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, detail: 1 }))
  await expect.element(dialog()).not.toBeInTheDocument()
})

test('a11y: with the wallets disabled until the legal box is ticked, Tab and Shift+Tab loop inside the dialog and never land on a disabled row', async () => {
  await mount({
    legal: { termsConditionsUrl: 'http://127.0.0.1:9/terms', privacyPolicyUrl: 'http://127.0.0.1:9/privacy' },
    features: { legalCheckbox: true },
    extraWallets: 1,
  })
  handle?.open()
  await expect.element(page.getByRole('checkbox')).toBeVisible()
  await expect.poll(inDialog).toBe(true)
  const visited = new Set<Element>()
  for (const key of ['{Shift>}{Tab}{/Shift}', '{Tab}', '{Tab}', '{Tab}', '{Tab}', '{Tab}', '{Tab}', '{Tab}']) {
    await userEvent.keyboard(key)
    const focused = document.activeElement as Element
    expect(inDialog(), `${key} left the dialog for ${focused.outerHTML.slice(0, 80)}`).toBe(true)
    expect(focused.matches(':disabled')).toBe(false)
    visited.add(focused)
  }
  // Shift+Tab from Close reached the last enabled control, and Tab came round to Close again.
  expect(visited.has(page.getByRole('button', { name: en.close }).element())).toBe(true)
  expect(visited.size).toBeGreaterThan(1)
})
