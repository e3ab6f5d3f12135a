// The modal's own chunk failing to arrive, with a host that holds `open` itself and keeps it true
// (its onOpenChange ignores the close the kit asks for): the kit warns and waits for the next
// opening; it does not fetch again and again while it stays open. The chunk's request is dropped
// by the browser, for this test's document only (the e2e test drops it in the demo's build).

import { expect, test, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from './buttons/ConnectButton.js'
import { frames } from './test/frames.js'
import { createHarness } from './test/harness.js'

/** The browser's next idle period: idle callbacks registered before this one (the kit's prefetch) have run. */
const idle = () => new Promise((resolve) => requestIdleCallback(resolve))

test('error: a host keeping `open` true while the modal cannot load gets one warning, not a loop of fetches (recovery at the next opening: e2e chunkFailure)', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const onOpenChange = vi.fn()
  await commands.dropRequests('/modal/Modal.tsx')
  const harness = await createHarness({ ui: { open: true, onOpenChange } })
  try {
    await render(
      <harness.Wrapper>
        <ConnectButton />
      </harness.Wrapper>,
    )
    const failures = () => warn.mock.calls.filter(([text]) => String(text).includes('Could not load the modal')).length
    await expect.poll(failures).toBeGreaterThan(0)
    // The kit asked the host to close; the host did not.
    await expect.poll(() => onOpenChange.mock.calls.some(([open]) => open === false)).toBe(true)
    const dropped = await commands.droppedRequests('/modal/Modal.tsx')
    expect(dropped).toBeGreaterThan(0)
    for (let i = 0; i < 20; i++) await frames()
    await idle()
    for (let i = 0; i < 20; i++) await frames()
    // One warning: no attempt after the first until the next opening.
    expect(failures()).toBe(1)
    // At most one fetch more: the kit's one-shot prefetch at idle, which a busy browser runs after the
    // failure (beside other test files it did, alone it shares the first fetch). A loop is many.
    expect(await commands.droppedRequests('/modal/Modal.tsx')).toBeLessThanOrEqual(dropped + 1)
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  } finally {
    await commands.allowRequests('/modal/Modal.tsx')
    warn.mockRestore()
    await harness.cleanup()
  }
})
