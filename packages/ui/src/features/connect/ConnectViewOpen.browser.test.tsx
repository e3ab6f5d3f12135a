// Issue 18 (click -> wallet list): opening the Connect view starts no request before its first
// frame. The remote configuration and the directory's count are fetched once the list is painted.
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
  // Set (from an animation frame) once the Connect view has been in the DOM for a frame.
  let framed = false
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-slot="connect-view"]')) {
      observer.disconnect()
      requestAnimationFrame(() => {
        framed = true
      })
    }
  })
  observer.observe(document.body, { childList: true, subtree: true })
  cleanups.push(() => observer.disconnect())
  // Every request the page makes while the modal opens, and whether the view had had its frame.
  const requests: { url: string; framed: boolean }[] = []
  const fetch = window.fetch
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(server)) requests.push({ url, framed })
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
