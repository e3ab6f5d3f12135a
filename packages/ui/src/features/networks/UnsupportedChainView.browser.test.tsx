// UnsupportedChainView in the browser: the Devnet Wallet on chain 5, which the app does not
// configure. What the view offers (its warning, the app's networks of the wallet's namespace, none
// marked current), a switch the wallet declines (the view stays, with the spec's message), and
// Disconnect (the modal closes, the wallet is disconnected once, even on a double click). That the
// view shows at all (and not when unsupported chains are allowed) and that a switch fixes it are in
// modal/Modal.browser.test.tsx; the list's own behaviour in NetworksView.browser.test.tsx.
import { getConnection, getNetwork } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { recordAnnouncements } from '../../test/announcements.js'
import { createHarness } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

async function openUnsupported() {
  const harness = await createHarness({ connected: true, walletChainId: 5, rpcUrl: devnet.evmRpcUrl })
  cleanups.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByText('This network is not supported')).toBeVisible()
  await modalSettled()
  return harness
}

const rows = () => [...document.querySelectorAll('[data-slot="unsupported-chain-view"] [data-network]')]
const requestsOf = (wallet: { requests: readonly { method: string }[] }, method: string) =>
  wallet.requests.filter((r) => r.method === method).length

test('default: the warning, the app’s networks of the wallet’s namespace, none of them marked current', async () => {
  await openUnsupported()
  await expect.element(page.getByText('Switch to a supported network to continue.')).toBeVisible()
  expect(rows().map((r) => r.getAttribute('data-network'))).toEqual(['eip155:31337', 'eip155:31338'])
  expect(document.querySelectorAll('[data-slot="unsupported-chain-view"] [aria-current]')).toHaveLength(0)
  expect(document.querySelector('[data-slot="unsupported-chain-view"]')?.textContent).not.toContain('Active')
  // No Account view (and no balance read of the unknown chain) behind it.
  expect(document.querySelector('[data-slot="account-view"]')).toBeNull()
  await expect.element(page.getByRole('button', { name: 'Disconnect' })).toBeEnabled()
})

test('error: a switch the wallet declines keeps the view, says "Could not switch network", and leaves the wallet on its chain', async () => {
  const { portico, wallet } = await openUnsupported()
  const announced = recordAnnouncements()
  wallet.rejectNext('wallet_switchEthereumChain')
  await userEvent.click(page.getByRole('button', { name: /^Devnet$/ }))
  await expect.poll(announced.texts).toContain('Could not switch network')
  announced.stop()
  expect(wallet.chainId).toBe(5)
  expect(getNetwork(portico).network.caipNetworkId).toBe('eip155:5')
  expect(getConnection(portico).isConnected).toBe(true)
  await expect.element(page.getByText('This network is not supported')).toBeVisible()
  await expect.element(page.getByRole('button', { name: /^Devnet$/ })).toBeEnabled()
})

test('behavior: a double click on Disconnect closes the modal and disconnects the wallet once', async () => {
  const { portico, wallet } = await openUnsupported()
  await userEvent.dblClick(page.getByRole('button', { name: 'Disconnect' }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.poll(() => getConnection(portico).isConnected).toBe(false)
  await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  expect(requestsOf(wallet, 'wallet_revokePermissions')).toBe(1)
  expect(requestsOf(wallet, 'wallet_switchEthereumChain')).toBe(0)
})
