// The modal's open state as <PorticoUI> holds it (Radix's useControllableState): controlled, the
// kit's opening and closing are requests to the host's onOpenChange; uncontrolled, onOpenChange
// hears each change once. No dialog is needed to see it: the controller is read directly.
import { PorticoProvider } from '@portico/headless'
import type { ReactNode } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../context.js'
import { beginConnection } from '../features/connect/connection.js'
import { PorticoUI } from '../PorticoUI.js'
import { createHarness } from '../test/harness.js'
import '../test/provided.js'
import type { ModalController } from './controller.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

async function setup() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
  stops.push(harness.cleanup)
  const tree = (ui: ReactNode) => (
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      {ui}
    </PorticoProvider>
  )
  return { tree }
}

/** The modal controller of the PorticoUI it is rendered in, kept for the test to drive. */
const seen: { modal?: ModalController } = {}
function Probe() {
  seen.modal = usePorticoUI('Probe').modal
  return null
}

test("behavior: controlled, open and close are requests to onOpenChange; only the host's open changes the state", async () => {
  const { tree } = await setup()
  const requests: boolean[] = []
  const onOpenChange = (open: boolean) => requests.push(open)
  const screen = await render(
    tree(
      <PorticoUI open={false} onOpenChange={onOpenChange}>
        <Probe />
      </PorticoUI>,
    ),
  )
  const modal = seen.modal as ModalController
  modal.open({ view: 'AllWallets' })
  expect(requests).toEqual([true])
  expect(modal.isOpen()).toBe(false)
  await screen.rerender(
    tree(
      <PorticoUI open onOpenChange={onOpenChange}>
        <Probe />
      </PorticoUI>,
    ),
  )
  await expect.poll(() => modal.isOpen()).toBe(true)
  // The view asked for is the one the host's `open` shows.
  expect(modal.navigation.get().history.map((entry) => entry.view)).toEqual(['AllWallets'])
  const attempt = beginConnection(modal)
  modal.close()
  expect(requests).toEqual([true, false])
  expect(modal.isOpen()).toBe(true)
  // Closing gave the attempt up even before the host answered.
  expect(attempt.aborted).toBe(true)
  await screen.rerender(
    tree(
      <PorticoUI open={false} onOpenChange={onOpenChange}>
        <Probe />
      </PorticoUI>,
    ),
  )
  await expect.poll(() => modal.isOpen()).toBe(false)
  expect(requests).toEqual([true, false])
})

test('behavior: uncontrolled, onOpenChange hears every change once', async () => {
  const { tree } = await setup()
  const changes: boolean[] = []
  await render(
    tree(
      <PorticoUI onOpenChange={(open) => changes.push(open)}>
        <Probe />
      </PorticoUI>,
    ),
  )
  const modal = seen.modal as ModalController
  modal.open()
  await expect.poll(() => modal.isOpen()).toBe(true)
  modal.open({ view: 'AllWallets' })
  modal.close()
  modal.close()
  await expect.poll(() => modal.isOpen()).toBe(false)
  await expect.poll(() => changes).toEqual([true, false])
})
