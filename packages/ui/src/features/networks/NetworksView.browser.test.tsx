// NetworksView (Choose Network) in the browser with the Devnet Wallet on the devnet: the current
// network marked and only it, a switch the wallet declines (nothing changes, the spec's message,
// the list stays usable), a double click that asks the wallet once, the current network picked
// (no request), and a switch while no wallet is connected (the app's network alone). Networks
// added and removed at runtime, the unsupported chain's switch and the view's axe checks are in
// modal/Modal.browser.test.tsx; the view inside UnsupportedChainView in its sibling test.
import { getNetwork } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { recordAnnouncements } from '../../test/announcements.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

async function openNetworks(options: HarnessOptions = {}) {
  const harness = await createHarness({ connected: true, rpcUrl: devnet.evmRpcUrl, ...options })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Networks">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(list()).toBeVisible()
  await modalSettled()
  return harness
}

const list = () => page.getByRole('list', { name: 'Choose Network' })
const row = (id: string) =>
  document.querySelector<HTMLButtonElement>(`[data-slot="networks-view"] [data-network="${id}"]`)
const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
const switches = (wallet: { requests: readonly { method: string }[] }) =>
  wallet.requests.filter((r) => r.method === 'wallet_switchEthereumChain').length

test('default: the current network is marked (aria-current and "Active"), and no other', async () => {
  await openNetworks()
  expect(
    [...document.querySelectorAll('[data-slot="networks-view"] [data-network]')].map((b) =>
      b.getAttribute('data-network'),
    ),
  ).toEqual(['eip155:31337', 'eip155:31338'])
  expect(row('eip155:31337')?.getAttribute('aria-current')).toBe('true')
  expect(row('eip155:31337')?.textContent).toBe('DevnetActive')
  expect(row('eip155:31338')?.hasAttribute('aria-current')).toBe(false)
  expect(row('eip155:31338')?.textContent).not.toContain('Active')
  expect(document.querySelectorAll('[data-slot="networks-view"] [aria-current]')).toHaveLength(1)
})

test('error: a switch the wallet declines changes nothing, says "Could not switch network", and the list stays usable', async () => {
  const { portico, wallet } = await openNetworks()
  const announced = recordAnnouncements()
  wallet.rejectNext('wallet_switchEthereumChain')
  await userEvent.click(list().getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(announced.texts).toContain('Could not switch network')
  announced.stop()
  expect(switches(wallet)).toBe(1)
  // Still where it was: the app's network, the wallet's chain, the mark, the view.
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
  expect(wallet.chainId).toBe(31337)
  expect(view()).toBe('Networks')
  await expect.poll(() => row('eip155:31337')?.getAttribute('aria-current')).toBe('true')
  expect(row('eip155:31338')?.hasAttribute('aria-current')).toBe(false)
  // No row left waiting or disabled: the user can try again, and this time it goes through.
  expect(document.querySelector('[data-slot="networks-view"] [role="status"]')).toBeNull()
  await expect.element(list().getByRole('button', { name: /Devnet 2/ })).toBeEnabled()
  await modalSettled()
  await userEvent.click(list().getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getNetwork(portico).network.caipNetworkId).toBe('eip155:31338')
  expect(wallet.chainId).toBe(31338)
})

test('behavior: a double click on another network asks the wallet once, then shows the Account view', async () => {
  const { portico, wallet } = await openNetworks()
  await userEvent.dblClick(list().getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getNetwork(portico).network.caipNetworkId).toBe('eip155:31338')
  await expect.poll(view).toBe('Account')
  expect(switches(wallet)).toBe(1)
  expect(wallet.chainId).toBe(31338)
})

test("edge: a double click's second click, landing on the Account view the first one brought (its Receive, say), does nothing there", async () => {
  const { portico } = await openNetworks()
  await userEvent.click(list().getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getNetwork(portico).network.caipNetworkId).toBe('eip155:31338')
  await expect.poll(view).toBe('Account')
  // The second press of that double click (the browser counts it: `detail` 2) on what the Account
  // view shows where the pointer is; which control that is depends on its layout, so Receive here.
  const receive = page.getByRole('dialog').getByRole('button', { name: 'Receive' }).element()
  const press = (detail: number) => {
    for (const type of ['mousedown', 'mouseup', 'click'])
      receive.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, detail }))
  }
  press(2)
  await modalSettled()
  expect(view()).toBe('Account')
  // A click of its own there (a new single click) does what it shows: not a dead spot.
  press(1)
  await expect.poll(view).not.toBe('Account')
})

test('behavior: picking the current network asks the wallet nothing and goes back', async () => {
  const { portico, wallet } = await openNetworks()
  await userEvent.click(list().getByRole('button', { name: /^Devnet\b.*Active/ }))
  // Opened on Networks (the first view): back closes the modal.
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  expect(switches(wallet)).toBe(0)
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:31337')
})

test('behavior: with no wallet connected, a pick changes the app’s network alone and goes back', async () => {
  const { portico, wallet } = await openNetworks({ connected: false })
  await userEvent.click(list().getByRole('button', { name: /Devnet 2/ }))
  await expect.poll(() => getNetwork(portico).network.caipNetworkId).toBe('eip155:31338')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  expect(wallet.requests).toEqual([])
})
