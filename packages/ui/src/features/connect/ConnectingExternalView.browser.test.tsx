// The wait on an installed wallet (ConnectingExternalView): the pending state, a wallet that fails
// without a rejection, retries that send one request each, a double click that sends one, Back and
// close giving the attempt up with the wallet's late answer ignored, hostile names and icons, and
// the not-installed view's link. The first rejection + retry, the plain waiting text and the close
// / Back of a wallet that never answers are in modal/Modal.browser.test.tsx; the namespace choice
// in ConnectOneRow.browser.test.tsx; a directory wallet with a javascript: link in Modal too.
import {
  createPortico,
  type DirectoryWallet,
  eip155Adapter,
  eip155Network,
  getConnection,
  initialize,
  PorticoProvider,
} from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { usePorticoUI } from '../../context.js'
import { en } from '../../i18n/messages.js'
import type { ViewEntry } from '../../modal/views.js'
import { PorticoUI } from '../../PorticoUI.js'
import { createHarness } from '../../test/harness.js'
import { modalSettled } from '../../test/modalSettled.js'
import { renderConnectButton } from '../../test/renderConnectButton.js'
import '../../test/provided.js'
import { offline } from '../../test/offline.js'

const devnet = inject('devnet')
// Anvil's public account #2: connections only, nothing is sent from it.
const key = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const stops: (() => void)[] = []
afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
})

/**
 * A host-supplied wallet ('Held Wallet') backed by a real test wallet, whose connection requests
 * wait until the test answers them: `approve()` lets the wallet answer (it connects), `fail(error)`
 * throws `error` instead. `asked` counts the connection requests the kit sent.
 */
function heldWallet(name = 'Held Wallet', icon?: string) {
  const wallet = createTestEip1193Wallet({
    accounts: [key],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const pending: { resolve(): void; reject(error: unknown): void }[] = []
  const answered: Promise<unknown>[] = []
  const provider = {
    request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown> {
      if (args.method !== 'eth_requestAccounts') return wallet.provider.request(args as never)
      const answer = new Promise<void>((resolve, reject) => pending.push({ resolve, reject })).then(() =>
        wallet.provider.request(args as never),
      )
      answered.push(answer.catch(() => undefined))
      return answer
    },
    on: wallet.provider.on.bind(wallet.provider),
    removeListener: wallet.provider.removeListener.bind(wallet.provider),
  }
  return {
    wallet,
    connector: { id: 'held', name, icon, provider },
    get asked() {
      return pending.length
    },
    /** Answers the oldest unanswered request the way the wallet's user would; resolves once answered. */
    approve(index = 0) {
      pending[index]?.resolve()
      return answered[index]
    },
    fail(error: unknown, index = 0) {
      pending[index]?.reject(error)
      return answered[index]
    },
  }
}

async function open(held: ReturnType<typeof heldWallet>) {
  stops.push(held.wallet.announce())
  const portico = createPortico({
    ...offline,
    projectId: 'connecting-external',
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true })],
    adapters: [eip155Adapter({ eip6963: false, legacyInjected: false, connectors: [held.connector] })],
  })
  stops.push(initialize(portico))
  await render(
    <PorticoProvider
      config={portico}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      reconnectOnMount={false}
    >
      <PorticoUI>
        <ConnectButton />
      </PorticoUI>
    </PorticoProvider>,
  )
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return portico
}

const view = () => document.querySelector('[data-slot="connecting-external"]')
const state = () => view()?.getAttribute('data-state') ?? null
const connectButtonText = () => document.querySelector('[data-slot="connect-button"]')?.textContent
const title = (name: string) => page.getByRole('heading', { name })
const row = (name = 'Held Wallet') => page.getByRole('button', { name: new RegExp(name) })
/** Every task the kit queued behind an answer (its chain read, the store's updates) has run. */
const settled = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
const userRejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

test('behavior: while the wallet has not answered, the view says where to go on, with a status spinner and no retry', async () => {
  const held = heldWallet()
  await open(held)
  await modalSettled()
  await userEvent.click(row())
  await expect.element(page.getByText(en.continueInWallet('Held Wallet'))).toBeVisible()
  expect(state()).toBe('connecting')
  await expect.element(page.getByText(en.acceptRequest)).toBeVisible()
  await expect.element(page.getByRole('status', { name: en.connecting })).toBeVisible()
  expect(page.getByRole('button', { name: en.tryAgain }).query()).toBeNull()
  expect(held.asked).toBe(1)
})

test('behavior: a double click on the wallet sends one connection request and shows its view once', async () => {
  const held = heldWallet()
  await open(held)
  await userEvent.dblClick(row())
  await expect.element(page.getByText(en.continueInWallet('Held Wallet'))).toBeVisible()
  expect(held.asked).toBe(1)
  // One Back returns to the list: the view was pushed once.
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(title('Connect Wallet')).toBeVisible()
  expect(view()).toBeNull()
})

test('error: a wallet that fails without a rejection shows "Failed to connect"; Try again asks again and connects', async () => {
  const held = heldWallet()
  const portico = await open(held)
  await modalSettled()
  await userEvent.click(row())
  await expect.poll(() => held.asked).toBe(1)
  await held.fail(Object.assign(new Error('Internal error'), { code: -32603 }))
  await expect.element(page.getByText(en.connectionFailed)).toBeVisible()
  expect(state()).toBe('error')
  await expect.element(page.getByText(en.connectionFailedBody)).toBeVisible()
  expect(page.getByText(en.connectionRejected).query()).toBeNull()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: en.tryAgain }))
  // The retry is a new request, and the view is back to waiting on it.
  await expect.poll(state).toBe('connecting')
  expect(held.asked).toBe(2)
  await held.approve(1)
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(true)
})

test('behavior: rejected twice stays rejected with one request per retry; a double click on Try again sends one', async () => {
  const held = heldWallet()
  await open(held)
  await modalSettled()
  await userEvent.click(row())
  await expect.poll(() => held.asked).toBe(1)
  await held.fail(userRejected())
  await expect.element(page.getByText(en.connectionRejected)).toBeVisible()
  expect(state()).toBe('rejected')
  await expect.element(page.getByText(en.connectionRejectedBody)).toBeVisible()
  await userEvent.dblClick(page.getByRole('button', { name: en.tryAgain }))
  await expect.poll(state).toBe('connecting')
  await settled()
  expect(held.asked).toBe(2)
  await held.fail(userRejected(), 1)
  await expect.poll(state).toBe('rejected')
  expect(held.asked).toBe(2)
  expect(connectButtonText()).toBe('Connect Wallet')
})

test('a11y: after a rejection the keyboard reaches Try again, and Enter retries', async () => {
  const held = heldWallet()
  await open(held)
  await modalSettled()
  await userEvent.click(row())
  await expect.poll(() => held.asked).toBe(1)
  await held.fail(userRejected())
  const retry = page.getByRole('button', { name: en.tryAgain })
  await expect.element(retry).toBeVisible()
  const dialog = page.getByRole('dialog').element()
  // Focus stays in the dialog; Tab (a few stops at most) reaches the retry.
  expect(dialog.contains(document.activeElement) || document.activeElement === document.body).toBe(true)
  for (let i = 0; i < 6 && document.activeElement !== retry.element(); i++) await userEvent.keyboard('{Tab}')
  await expect.element(retry).toHaveFocus()
  await userEvent.keyboard('{Enter}')
  await expect.poll(state).toBe('connecting')
  expect(held.asked).toBe(2)
})

test('behavior: Back gives the attempt up; the wallet’s late answer connects nothing and moves no view', async () => {
  const held = heldWallet()
  const portico = await open(held)
  await userEvent.click(row())
  await expect.element(page.getByText(en.continueInWallet('Held Wallet'))).toBeVisible()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: 'Back' }))
  await expect.element(title('Connect Wallet')).toBeVisible()
  expect(connectButtonText()).toBe('Connect Wallet')
  // The user approves in the wallet after all: the kit had stopped listening.
  await held.approve()
  await expect.poll(() => held.wallet.requests.some((r) => r.method === 'eth_chainId')).toBe(true)
  await settled()
  expect(held.wallet.connected).toBe(true)
  expect(getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(false)
  expect(connectButtonText()).toBe('Connect Wallet')
  await expect.element(title('Connect Wallet')).toBeVisible()
  expect(view()).toBeNull()
  // Picking the wallet again is a new request, answered on its own.
  await modalSettled()
  await userEvent.click(row())
  await expect.poll(() => held.asked).toBe(2)
  expect(state()).toBe('connecting')
  await held.approve(1)
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(true)
})

test('behavior: closed while waiting, a late rejection shows nothing and leaves the modal closed', async () => {
  const held = heldWallet()
  const portico = await open(held)
  await userEvent.click(row())
  await expect.element(page.getByText(en.continueInWallet('Held Wallet'))).toBeVisible()
  await userEvent.keyboard('{Escape}')
  await expect.element(page.getByRole('dialog')).not.toBeInTheDocument()
  await held.fail(userRejected())
  await settled()
  expect(page.getByRole('dialog').query()).toBeNull()
  expect(document.body.textContent).not.toContain(en.connectionRejected)
  expect(connectButtonText()).toBe('Connect Wallet')
  expect(getConnection(portico, { namespace: 'eip155' }).isConnected).toBe(false)
  // Opened again: the list, not the old attempt's rejected state.
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(title('Connect Wallet')).toBeVisible()
  expect(view()).toBeNull()
})

test('security: a hostile wallet name is text, a long one stays inside the dialog, and a javascript: icon never loads', async () => {
  const name = `<img src=x onerror="window.__pwned=1">${'W'.repeat(300)}`
  // An EIP-6963 announcement is untrusted: its icon is whatever the page says.
  const hostile = createTestEip1193Wallet({
    accounts: [key],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    info: { name, rdns: 'dev.portico.hostile', icon: 'javascript:window.__pwned=1' as `data:image/${string}` },
  })
  stops.push(hostile.announce())
  hostile.setRejectAll(true)
  await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, devnetWallet: false })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await userEvent.click(page.getByRole('button', { name: /<img src=x/ }))
  await expect.poll(state).toBe('rejected')
  const shown = view() as HTMLElement
  expect(shown.querySelector('img')).toBeNull()
  // The initial of the name stands in for the icon.
  expect(shown.querySelector('[data-state="fallback"]')?.textContent).toBe('<')
  const dialog = page.getByRole('dialog').element().getBoundingClientRect()
  for (const element of shown.querySelectorAll('p, button')) {
    const box = element.getBoundingClientRect()
    expect(box.right).toBeLessThanOrEqual(dialog.right + 0.5)
    expect(box.left).toBeGreaterThanOrEqual(dialog.left - 0.5)
  }
  expect(document.querySelector('img[src="x"]')).toBeNull()
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})

test('security: while waiting, the hostile name shows as text in the headline', async () => {
  const held = heldWallet('<b>Bold</b> & "Wallet"', 'javascript:alert(1)')
  await open(held)
  await userEvent.click(row('<b>Bold</b>'))
  await expect.element(page.getByText(en.continueInWallet('<b>Bold</b> & "Wallet"'))).toBeVisible()
  expect(view()?.querySelector('b')).toBeNull()
  expect(view()?.querySelector('img')).toBeNull()
})

const directoryWallet = (links: Partial<DirectoryWallet>): DirectoryWallet => ({
  id: 'nowhere',
  name: 'Nowhere Wallet',
  image_id: 'nowhere',
  ...links,
})

/** The modal opened on the not-installed view of `wallet` (a directory wallet, WalletConnect off). */
async function openNotInstalled(wallet: DirectoryWallet) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper>
      <OpenAt view="ConnectingExternal" data={{ directoryWallet: wallet }} />
    </harness.Wrapper>,
  )
  await expect.element(page.getByText(en.notInstalled(wallet.name))).toBeVisible()
}

function OpenAt(entry: ViewEntry) {
  const { modal } = usePorticoUI('OpenAt')
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, as a click would.
  useEffect(() => modal.open(entry), [modal])
  return null
}

test('security: not installed, a javascript: web app link gives way to the safe desktop link', async () => {
  await openNotInstalled(
    directoryWallet({ webapp_link: 'javascript:window.__pwned=1', desktop_link: 'https://desktop.nowhere.example/' }),
  )
  expect(state()).toBe('not-installed')
  const link = page.getByRole('link', { name: en.getWallet('Nowhere Wallet') })
  await expect.element(link).toHaveAttribute('href', 'https://desktop.nowhere.example/')
  // A new tab that cannot reach back to the page.
  await expect.element(link).toHaveAttribute('target', '_blank')
  expect(link.element().getAttribute('rel')).toContain('noopener')
})

test('security: not installed, links with credentials or to a data: page are not offered', async () => {
  await openNotInstalled(
    directoryWallet({
      webapp_link: 'https://nowhere.example@evil.example/',
      desktop_link: 'data:text/html,<script>window.__pwned=1</script>',
    }),
  )
  await expect.element(page.getByText(en.notInstalledBody)).toBeVisible()
  expect(view()?.querySelector('a')).toBeNull()
})
