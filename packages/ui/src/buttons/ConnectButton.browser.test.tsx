// ConnectButton's own states in real Chromium: disconnected (label, not busy), connecting (busy,
// "Connecting…", still an opener), connected (network and account buttons, address and balance,
// `showNetwork`), the wallet changing account or ending the connection from its side, a double
// click and the Space key. The press-to-open rules, Enter, Escape and focus return after Escape are
// in modal/Modal.browser.test.tsx; the account name in features/names/ProfileIdentity.browser.test.tsx;
// the account button's layout in AccountButton.browser.test.tsx.
import { connect, PorticoProvider, truncateAddress } from '@portico/headless'
import { afterEach, expect, test } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { en } from '../i18n/messages.js'
import { PorticoUI } from '../PorticoUI.js'
import { doubleClickAsAUser } from '../test/doubleClick.js'
import { createHarness, type HarnessOptions } from '../test/harness.js'
import { ConnectButton, type ConnectButtonProps } from './ConnectButton.js'

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// Anvil's public account #1, the harness wallet's second account.
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

/** The button in an uncontrolled PorticoUI whose onOpenChange is logged (seeded balances, no chain). */
async function mount(options: HarnessOptions = {}, props: ConnectButtonProps = {}) {
  const harness = await createHarness(options)
  stops.push(harness.cleanup)
  const changes: boolean[] = []
  await render(
    <PorticoProvider config={harness.portico} queryClient={harness.queryClient} reconnectOnMount={false}>
      <PorticoUI onOpenChange={(open) => changes.push(open)}>
        <ConnectButton {...props} />
      </PorticoUI>
    </PorticoProvider>,
  )
  return { ...harness, changes }
}

const dialog = () => page.getByRole('dialog')
const slot = (name: string) => document.querySelector<HTMLElement>(`[data-slot="${name}"]`)

test('default: disconnected, one "Connect Wallet" button, not busy, its state disconnected; a host label replaces the text only', async () => {
  await mount()
  const button = page.getByRole('button', { name: en.connectWallet })
  await expect.element(button).toBeVisible()
  await expect.element(button).toHaveAttribute('data-state', 'disconnected')
  await expect.element(button).not.toHaveAttribute('aria-busy')
  expect(slot('account-button')).toBeNull()
  expect(slot('network-button')).toBeNull()
  await cleanup()
  await mount({}, { label: 'Sign in' })
  const labelled = page.getByRole('button', { name: 'Sign in', exact: true })
  await expect.element(labelled).toHaveAttribute('data-slot', 'connect-button')
  expect(page.getByRole('button', { name: en.connectWallet }).query()).toBeNull()
})

test('behavior: while a wallet has not answered, the button says Connecting…, is aria-busy, and still opens the modal', async () => {
  const { portico } = await mount({ pendingWallet: true })
  // A connection started by the page itself (not from the modal), to a wallet that never answers.
  void connect(portico, { connectorId: 'slow', namespace: 'eip155' }).catch(() => {})
  const button = page.getByRole('button', { name: en.connecting })
  await expect.element(button).toHaveAttribute('aria-busy', 'true')
  await expect.element(button).toHaveAttribute('data-state', 'connecting')
  expect(page.getByRole('button', { name: en.connectWallet }).query()).toBeNull()
  await userEvent.click(button)
  await expect.element(dialog()).toBeVisible()
})

test('behavior: a double click opens the modal once and leaves it open, its second press coming after the dialog is on screen', async () => {
  const { changes } = await mount()
  await expect.element(page.getByRole('button', { name: en.connectWallet })).toBeVisible()
  await doubleClickAsAUser('[data-slot="connect-button"]')
  // Not opened twice, and the second press closed nothing.
  expect(dialog().query()).not.toBeNull()
  expect(changes).toEqual([true])
  await expect.element(page.getByRole('heading', { name: en.titleConnect })).toBeVisible()
  await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
  // A new single press at the same point, on the overlay, still closes it.
  await commands.mousePress('[data-slot="connect-button"]', 1)
  await expect.element(dialog()).not.toBeInTheDocument()
  expect(changes).toEqual([true, false])
})

test('a11y: Space on the focused button opens the modal, focus moves in, and the close button gives it back', async () => {
  await mount()
  const button = page.getByRole('button', { name: en.connectWallet })
  button.element().focus()
  await userEvent.keyboard(' ')
  await expect.element(dialog()).toBeVisible()
  await expect.poll(() => dialog().element().contains(document.activeElement)).toBe(true)
  await userEvent.click(page.getByRole('button', { name: en.close }))
  await expect.element(dialog()).not.toBeInTheDocument()
  await expect.element(button).toHaveFocus()
})

test('behavior: connected, the network and account buttons show the network, the short address and the balance; showNetwork={false} leaves the network out', async () => {
  await mount({ connected: true })
  const account = page.getByRole('button', { name: new RegExp(truncateAddress(first)) })
  await expect.element(account).toHaveTextContent('9,999.998 ETH')
  await expect.element(page.getByRole('button', { name: 'Devnet', exact: true })).toBeVisible()
  expect(slot('connect-button')).toBeNull()
  // The network first, then the account.
  const [network, accountButton] = [slot('network-button'), slot('account-button')]
  expect(network && accountButton && network.compareDocumentPosition(accountButton)).toBe(
    Node.DOCUMENT_POSITION_FOLLOWING,
  )
  await cleanup()
  await mount({ connected: true }, { showNetwork: false })
  await expect.element(page.getByRole('button', { name: new RegExp(truncateAddress(first)) })).toBeVisible()
  expect(slot('network-button')).toBeNull()
})

test('behavior: the wallet switching account shows the new address; the wallet ending the connection brings back "Connect Wallet"', async () => {
  const { wallet } = await mount({ connected: true })
  await expect.element(page.getByRole('button', { name: new RegExp(truncateAddress(first)) })).toBeVisible()
  wallet.setAccount(1)
  await expect.element(page.getByRole('button', { name: new RegExp(truncateAddress(second)) })).toBeVisible()
  expect(document.body.textContent).not.toContain(truncateAddress(first))
  wallet.disconnectFromWallet()
  const button = page.getByRole('button', { name: en.connectWallet })
  await expect.element(button).toHaveAttribute('data-state', 'disconnected')
  expect(slot('account-button')).toBeNull()
  expect(slot('network-button')).toBeNull()
})
