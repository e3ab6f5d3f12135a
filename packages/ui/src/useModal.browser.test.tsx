// useModal from a host's own buttons: open and close, open at a view, open while open, an unknown
// view name, and `open`/`close` kept stable between renders. The modal's own behaviour (focus,
// Escape, pressing the Connect button) is in modal/Modal.browser.test.tsx; views opened with data
// in their feature's tests (SwapView.browser.test.tsx, SendView.browser.test.tsx).

import { BaseError } from '@portico/headless'
import { afterEach, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { en } from './i18n/messages.js'
import { createHarness } from './test/harness.js'
import { useModal } from './useModal.js'

type Handle = ReturnType<typeof useModal>
/** Every value the hook returned, one per render of the host's component. */
let renders: Handle[] = []
const latest = () => {
  const handle = renders.at(-1)
  if (!handle) throw new Error('the host component has not rendered')
  return handle
}

function Host() {
  const handle = useModal()
  renders.push(handle)
  return (
    <output data-testid="state">
      {String(handle.isOpen)} {handle.view}
    </output>
  )
}

const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
  renders = []
})

async function mount() {
  const harness = await createHarness()
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <Host />
    </harness.Wrapper>,
  )
  return harness
}

const state = () => page.getByTestId('state')
const dialog = () => page.getByRole('dialog')
const title = (name: string) => page.getByRole('heading', { name })

test('behavior: open() shows the home view and reports it; close() closes and the hook says so', async () => {
  await mount()
  await expect.element(state()).toHaveTextContent('false Connect')
  latest().open()
  await expect.element(title(en.titleConnect)).toBeVisible()
  await expect.element(state()).toHaveTextContent('true Connect')
  latest().close()
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(state()).toHaveTextContent('false Connect')
})

test('behavior: open({ view }) opens at that view; opening again while open moves to the new view with a fresh history', async () => {
  await mount()
  latest().open({ view: 'Networks' })
  await expect.element(title(en.titleNetworks)).toBeVisible()
  await expect.element(state()).toHaveTextContent('true Networks')
  latest().open({ view: 'AllWallets' })
  await expect.element(title(en.titleAllWallets)).toBeVisible()
  await expect.element(state()).toHaveTextContent('true AllWallets')
  // A new history, not a push: there is nothing to go back to.
  expect(page.getByRole('button', { name: en.back }).query()).toBeNull()
  // Closed, the next plain open() is home again, not the last view.
  latest().close()
  await expect.element(dialog()).not.toBeInTheDocument()
  latest().open()
  await expect.element(title(en.titleConnect)).toBeVisible()
})

test('behavior: open and close keep their identity across renders and open-state changes (safe in effect deps)', async () => {
  await mount()
  const first = latest()
  first.open({ view: 'Networks' })
  await expect.element(state()).toHaveTextContent('true Networks')
  first.close()
  await expect.element(state()).toHaveTextContent('false Connect')
  expect(renders.length).toBeGreaterThan(2)
  for (const handle of renders) {
    expect(handle.open).toBe(first.open)
    expect(handle.close).toBe(first.close)
  }
})

test('error: open({ view }) with a name the kit does not have fails loudly at the call, opens nothing, and leaves the modal usable', async () => {
  await mount()
  const open = latest().open as (options: { view: string }) => void
  expect(() => open({ view: 'NoSuchView' })).toThrow(BaseError)
  expect(() => open({ view: 'NoSuchView' })).toThrow('The modal has no view "NoSuchView".')
  // A name every object has is no view either.
  expect(() => open({ view: 'toString' })).toThrow(BaseError)
  await expect.element(state()).toHaveTextContent('false Connect')
  expect(dialog().query()).toBeNull()
  // The modal still works afterwards.
  latest().open()
  await expect.element(title(en.titleConnect)).toBeVisible()
})
