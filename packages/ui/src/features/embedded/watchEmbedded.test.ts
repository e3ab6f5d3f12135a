// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
// The spec's timing of 'Action not allowed', on fake time: a method off the embedded wallet's list
// opens the modal at once and the error shows 300 ms later, not sooner.
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import { getEmbeddedWallet } from '@portico/headless/embedded'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createModalController } from '../../modal/controller.js'
import { createToasts } from '../../modal/toasts.js'
import { viewTable } from '../index.js'
import { embeddedMessages } from './messages.js'
import { notAllowedDelayMs, watchEmbedded } from './watchEmbedded.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test("behavior: a method off the list opens the modal at once and shows 'Action not allowed' 300 ms later, not sooner", async () => {
  const portico = createPortico({
    projectId: 'p',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', testnet: true })],
    adapters: [eip155Adapter()],
    embeddedWallet: { frameUrl: 'http://127.0.0.1:9/' },
    walletConnect: false,
    walletDirectory: false,
    blockchainApi: false,
    remoteConfig: false,
    storage: null,
    features: { analytics: false },
  })
  const modal = createModalController({ embedded: false, table: viewTable })
  let open = false
  const setOpen = (next: boolean) => {
    open = next
    modal.attach(next, setOpen)
  }
  modal.attach(false, setOpen)
  watchEmbedded(portico, modal, embeddedMessages.en)
  const toasts = modal.local(createToasts)
  const client = getEmbeddedWallet(portico).client
  const aborted = vi.spyOn(client, 'abortRpc')

  expect(notAllowedDelayMs).toBe(300)
  client.reportNotAllowed('eth_signTransaction')
  expect(open).toBe(true) // the modal opens in the same turn
  expect(aborted).toHaveBeenCalled() // pending requests are refused
  await vi.advanceTimersByTimeAsync(299)
  expect(toasts.get().toast).toBeUndefined()
  await vi.advanceTimersByTimeAsync(1)
  expect(toasts.get().toast).toMatchObject({ variant: 'error', message: 'Action not allowed' })
})
