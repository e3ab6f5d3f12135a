// NetworkButton in real Chromium: the selected network's name and mark, following the wallet's own
// chain switches; "Wrong network" without a mark on a chain the app lacks; a press opening the
// network list (or, on the wrong network, the Switch Network view) with focus moved in and given
// back; a double click opening once. The account button's route to the unsupported view, and the
// .Custom render props, are in modal/Modal.browser.test.tsx; the network list itself in
// features/networks.
import { PorticoProvider } from '@portico/headless'
import { afterEach, expect, test } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { en } from '../i18n/messages.js'
import { PorticoUI } from '../PorticoUI.js'
import { doubleClickAsAUser } from '../test/doubleClick.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { NetworkButton } from './NetworkButton.js'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

async function mount(options: HarnessOptions = {}) {
  const harness = await createHarness({ connected: true, ...options })
  stops.push(harness.cleanup)
  const changes: boolean[] = []
  await render(
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI onOpenChange={(open) => changes.push(open)}>
        <NetworkButton />
      </PorticoUI>
    </PorticoProvider>,
  )
  return { ...harness, changes }
}

const dialog = () => page.getByRole('dialog')
const button = () => document.querySelector<HTMLElement>('[data-slot="network-button"]') as HTMLElement

test('behavior: shows the selected network with its mark, and follows the wallet switching chains from its side', async () => {
  const { wallet } = await mount()
  await expect.element(page.getByRole('button', { name: 'Devnet', exact: true })).toBeVisible()
  expect(button().dataset.state).toBe('supported')
  // The network's mark (an image or the generated mark) precedes the name.
  expect(button().children.length).toBe(2)
  wallet.setChain(31338)
  await expect.element(page.getByRole('button', { name: 'Devnet 2', exact: true })).toBeVisible()
  wallet.setChain(5)
  await expect.element(page.getByRole('button', { name: en.wrongNetwork })).toBeVisible()
  wallet.setChain(31337)
  await expect.element(page.getByRole('button', { name: 'Devnet', exact: true })).toBeVisible()
  expect(button().dataset.state).toBe('supported')
})

test('behavior: on a chain the app lacks, "Wrong network" with no mark; pressing it opens Switch Network, and Escape gives focus back', async () => {
  await mount({ walletChainId: 5 })
  const wrong = page.getByRole('button', { name: en.wrongNetwork })
  await expect.element(wrong).toHaveAttribute('data-state', 'unsupported')
  expect(button().children.length).toBe(1)
  expect(button().textContent).toBe(en.wrongNetwork)
  await userEvent.click(wrong)
  await expect.element(page.getByRole('heading', { name: en.titleUnsupported })).toBeVisible()
  await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
  await userEvent.keyboard('{Escape}')
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(wrong).toHaveFocus()
})

test('behavior: pressing it opens the network list (Choose Network), a double click opens it once; the Close button gives focus back', async () => {
  const { changes } = await mount()
  const network = page.getByRole('button', { name: 'Devnet', exact: true })
  await expect.element(network).toBeVisible()
  await doubleClickAsAUser('[data-slot="network-button"]')
  // Not opened twice, and the second press (on the overlay now over the button) closed nothing.
  expect(dialog().query()).not.toBeNull()
  expect(changes).toEqual([true])
  await expect.element(page.getByRole('heading', { name: en.titleNetworks })).toBeVisible()
  await expect.element(page.getByRole('list', { name: en.titleNetworks })).toBeVisible()
  // A network list opened from here has nothing under it to go back to.
  expect(page.getByRole('button', { name: en.back }).query()).toBeNull()
  await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
  await userEvent.click(page.getByRole('button', { name: en.close }))
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(network).toHaveFocus()
  expect(changes).toEqual([true, false])
})

test('behavior: after a double click that opened the list, a new single press on the overlay still closes it and gives focus back', async () => {
  const { changes } = await mount()
  const network = page.getByRole('button', { name: 'Devnet', exact: true })
  await expect.element(network).toBeVisible()
  await doubleClickAsAUser('[data-slot="network-button"]')
  expect(dialog().query()).not.toBeNull()
  expect(changes).toEqual([true])
  // A new click sequence at the same point: the press lands on the overlay, outside the dialog.
  await commands.mousePress('[data-slot="network-button"]', 1)
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(network).toHaveFocus()
  expect(changes).toEqual([true, false])
})

test('edge: on a chain the app lacks, with unsupported chains allowed, the button still says "Wrong network" and opens the network list', async () => {
  await mount({ walletChainId: 5, allowUnsupportedChain: true })
  const wrong = page.getByRole('button', { name: en.wrongNetwork })
  await expect.element(wrong).toBeVisible()
  await userEvent.click(wrong)
  await expect.element(page.getByRole('heading', { name: en.titleNetworks })).toBeVisible()
})
