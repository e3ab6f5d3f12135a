// Click -> wallet list: opening the Connect view starts no request before its first frame. The remote configuration and the directory's count are fetched once the list is painted.
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

test('opening runs no directory or configuration fetch before the Connect view has had a frame', async () => {
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
  // Animation frames counted from before the click: a request counts as after the view's first frame
  // when a frame has begun since the view entered the DOM. The counter's callback is registered a
  // frame ahead, so within one frame it runs before any callback the view registers after the click
  // (a flag set from a callback registered on insertion could run after the view's own).
  let frames = 0
  let insertedAt: number | undefined
  let counting = true
  const count = () => {
    frames += 1
    if (counting) requestAnimationFrame(count)
  }
  requestAnimationFrame(count)
  cleanups.push(() => {
    counting = false
  })
  const observer = new MutationObserver(() => {
    if (insertedAt === undefined && document.querySelector('[data-slot="connect-view"]')) {
      insertedAt = frames
      observer.disconnect()
    }
  })
  observer.observe(document.body, { childList: true, subtree: true })
  cleanups.push(() => observer.disconnect())
  const framed = () => insertedAt !== undefined && frames > insertedAt
  // Every request the page makes while the modal opens, and whether the view had had its frame.
  const requests: { url: string; framed: boolean }[] = []
  const fetch = window.fetch
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(server)) requests.push({ url, framed: framed() })
    return fetch(input, init)
  })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('dialog')).toBeVisible()
  // The directory's count still arrives (the badge), just after the first frame.
  await expect.element(page.getByRole('button', { name: /All Wallets/ })).toHaveTextContent(/\d+\+/)
  const directory = requests.filter((r) => /getWallets/.test(r.url))
  expect(directory.length).toBeGreaterThan(0)
  expect(requests.filter((r) => !r.framed)).toEqual([])
})
