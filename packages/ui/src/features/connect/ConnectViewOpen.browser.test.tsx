// Click -> wallet list: opening the modal starts no request before its first frame, and the
// directory's count is fetched once the Connect view is painted.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const server = inject('imageServerUrl')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

test('opening fetches nothing before the modal has had a frame, and nothing of the directory before the Connect view has', async () => {
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    directoryUrl: server,
    analyticsUrl: server,
    extraWallets: 1,
  })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  // Animation frames counted from before the click: a request counts as after an element's first
  // frame when a frame has begun since it entered the DOM. The counter's callback is registered a
  // frame ahead, so within one frame it runs before any callback the kit registers after the click
  // (a flag set from a callback registered on insertion could run after the kit's own).
  let frames = 0
  let counting = true
  const count = () => {
    frames += 1
    if (counting) requestAnimationFrame(count)
  }
  requestAnimationFrame(count)
  cleanups.push(() => {
    counting = false
  })
  const insertedAt: { dialog?: number; view?: number } = {}
  const observer = new MutationObserver(() => {
    if (insertedAt.dialog === undefined && document.querySelector('[role="dialog"]')) insertedAt.dialog = frames
    if (insertedAt.view === undefined && document.querySelector('[data-slot="connect-view"]')) insertedAt.view = frames
  })
  observer.observe(document.body, { childList: true, subtree: true })
  cleanups.push(() => observer.disconnect())
  const framed = (at: number | undefined) => at !== undefined && frames > at
  // Every request the page makes while the modal opens, and which first frames it came after. The
  // modal's analytics (its first event asks the project's configuration) is sent after the modal's
  // first frame, which can come before the Connect view's when that view's chunk is still loading;
  // the directory waits for the view's own frame.
  const requests: { url: string; afterModal: boolean; afterView: boolean }[] = []
  const fetch = window.fetch
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(server))
      requests.push({ url, afterModal: framed(insertedAt.dialog), afterView: framed(insertedAt.view) })
    return fetch(input, init)
  })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  // The directory's count still arrives (the badge), just after the first frame.
  await expect.element(page.getByRole('button', { name: /All Wallets/ })).toHaveTextContent(/\d+\+/)
  const directory = requests.filter((r) => /getWallets/.test(r.url))
  expect(directory.length).toBeGreaterThan(0)
  expect(requests.filter((r) => !r.afterModal)).toEqual([])
  expect(directory.filter((r) => !r.afterView)).toEqual([])
})
