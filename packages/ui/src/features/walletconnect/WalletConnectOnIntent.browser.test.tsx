// WalletConnect's SDK is fetched on intent, observed on the network: this file runs in a page of
// its own, so a module it fetches shows as a resource entry only once something imported it.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { walletConnectOf } from '../../../../headless/src/test/walletConnect.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const stop of cleanups.splice(0)) stop()
})

// Every module the page fetches, from an observer: the page's resource timing buffer (250 entries)
// is full of the test runner's own modules long before the modal opens.
const fetched: string[] = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) fetched.push(entry.name)
}).observe({ type: 'resource', buffered: true })

/** The WalletConnect modules this page has fetched: the SDK (`@walletconnect/*`) and its controller. */
const walletConnectFetches = () =>
  fetched.filter((url) => /@walletconnect|features\/walletconnect\/controller/i.test(url))

/** Resolves once the page has been idle twice over (what the modal's idle work waits for). */
const idle = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }))
}

const qr = () => page.getByRole('img', { name: /QR code/ })

async function openModal() {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, walletConnectRelayUrl: devnet.walletConnectRelayUrl })
  cleanups.push(harness.cleanup)
  const walletConnect = walletConnectOf(harness.portico)
  if (!walletConnect) throw new Error('WalletConnect is configured in this harness')
  // The modal opens away from the pointer (a pointer moving over a row is intent).
  await render(<p style={{ position: 'fixed', top: 0, left: 0, margin: 0 }}>pointer parked here</p>)
  await userEvent.hover(page.getByText('pointer parked here'))
  const { Wrapper } = harness
  await render(
    <Wrapper>
      <ConnectButton />
    </Wrapper>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('button', { name: /WalletConnect/ })).toBeVisible()
  return { ...harness, walletConnect }
}

// The first test of the file: nothing before it has loaded WalletConnect in this page.
test('opening the modal and connecting an installed wallet fetches no WalletConnect code', async () => {
  expect(walletConnectFetches()).toEqual([])
  const { walletConnect } = await openModal()
  const load = vi.spyOn(walletConnect, 'load')
  await idle()
  await userEvent.click(page.getByRole('button', { name: /Devnet Wallet/ }))
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  // Connected: the button turned into the account button.
  await vi.waitFor(() => expect(document.querySelector('[data-slot="account-button"]')).not.toBeNull(), {
    timeout: 15_000,
  })
  await idle()
  expect(load).not.toHaveBeenCalled()
  expect(walletConnect.loaded()).toBeUndefined()
  expect(walletConnectFetches()).toEqual([])
})

test('the pointer moving over the WalletConnect row fetches the SDK and prepares a pairing; the press then shows it (warm)', async () => {
  const { walletConnect } = await openModal()
  const prepare = vi.spyOn(walletConnect, 'prepare')
  await idle()
  expect(prepare).not.toHaveBeenCalled()
  const row = page.getByRole('button', { name: /WalletConnect/ })
  await userEvent.hover(row)
  await vi.waitFor(() => expect(prepare).toHaveBeenCalled(), { timeout: 15_000 })
  await vi.waitFor(() => expect(walletConnectFetches()).not.toEqual([]), { timeout: 15_000 })
  await prepare.mock.results[0]?.value
  await userEvent.click(row)
  await expect
    .element(qr(), { timeout: 15_000 })
    .toHaveAttribute('data-uri', expect.stringMatching(/^wc:[0-9a-f]{64}@2\?/))
})

test('focus reaching the WalletConnect row readies it; "All Wallets" loads only the code', async () => {
  const { walletConnect } = await openModal()
  const prepare = vi.spyOn(walletConnect, 'prepare')
  const load = vi.spyOn(walletConnect, 'load')
  await idle()
  expect(load).not.toHaveBeenCalled()
  ;(page.getByRole('button', { name: /All Wallets/ }).element() as HTMLElement).focus()
  await vi.waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 15_000 })
  await idle()
  expect(prepare).not.toHaveBeenCalled()
  ;(page.getByRole('button', { name: /WalletConnect/ }).element() as HTMLElement).focus()
  await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(1), { timeout: 15_000 })
})

test('a press with no intent before it (cold) still shows the QR code', async () => {
  const { walletConnect } = await openModal()
  const load = vi.spyOn(walletConnect, 'load')
  await idle()
  expect(load).not.toHaveBeenCalled()
  // The press alone, where a touch gives no pointer move first: the pick loads everything.
  const row = page.getByRole('button', { name: /WalletConnect/ }).element() as HTMLElement
  row.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }))
  row.click()
  await expect
    .element(qr(), { timeout: 30_000 })
    .toHaveAttribute('data-uri', expect.stringMatching(/^wc:[0-9a-f]{64}@2\?/))
  expect(load).toHaveBeenCalled()
})
