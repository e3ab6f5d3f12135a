// A React without <Activity> (18 to 19.1): the modal renders when it opens and leaves the DOM when
// it closes, as before the pre-render (see prerender.browser.test.tsx for React 19.2 and later).
import { expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import '../test/provided.js'
import { viewTable } from '../features/index.js'
import { frames } from '../test/frames.js'
import { renderConnectButton } from '../test/renderConnectButton.js'
import { preloadModal } from './loadModal.js'

vi.mock('./prerender.js', () => ({ Activity: undefined }))

const devnet = inject('devnet')

test('without <Activity> nothing of the modal is rendered until it opens, and it is removed on close', async () => {
  await renderConnectButton({ rpcUrl: devnet.evmRpcUrl })
  // The idle prefetch has run (the chunk is loaded), and still no frame is rendered.
  await preloadModal(viewTable)
  await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }))
  // A render the prefetch could have caused has committed by the next two frames.
  await frames()
  expect(document.querySelector('[data-slot="modal-frame"]')).toBeNull()

  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  expect(document.querySelector('[data-slot="modal-frame"]')).toBeNull()
})
