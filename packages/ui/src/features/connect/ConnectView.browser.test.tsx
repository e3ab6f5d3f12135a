// The Connect view's list (ConnectView): at most five wallets before All Wallets, the places held
// for the directory's rows (hidden, not focusable) until its answer, a recent WalletConnect wallet
// read back from storage with a hostile name and icon, the keyboard through the list, and the line
// shown when the view is opened for a namespace. The All Wallets badge, the empty state, featured
// and recommended rows are in ConnectViewCopy; the opening's requests in ConnectViewOpen; custom
// wallets in CustomWallets; one row per wallet in ConnectOneRow.
import { useEffect } from 'react'
import { expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { usePorticoUI } from '../../context.js'
import { en } from '../../i18n/messages.js'
import type { ViewEntry } from '../../modal/views.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { holdRequests } from '../../test/holdRequests.js'
import { modalSettled } from '../../test/modalSettled.js'
import { renderConnectButton } from '../../test/renderConnectButton.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const server = inject('imageServerUrl')

async function open(options: HarnessOptions) {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ...options })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  await expect.element(page.getByRole('list', { name: en.sectionWallets })).toBeVisible()
  return harness
}

const listItems = () => [...document.querySelectorAll('[data-slot="connect-view"] ul > li')]
const slots = () =>
  listItems().map((li) => li.getAttribute('data-slot') ?? li.querySelector('button')?.getAttribute('data-slot'))

test('edge: eight installed wallets list five, then All Wallets; the rest wait there', async () => {
  await open({ extraWallets: 8 })
  await expect.element(page.getByRole('button', { name: /All Wallets/ })).toBeVisible()
  expect(slots()).toEqual(['wallet-row', 'wallet-row', 'wallet-row', 'wallet-row', 'wallet-row', 'all-wallets'])
  expect(page.getByRole('button', { name: /Test Wallet 05/ }).query()).toBeNull()
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: /All Wallets/ }))
  await expect.element(page.getByRole('button', { name: /Test Wallet 08/ })).toBeVisible()
})

test('behavior: until the directory answers, its rows’ places are held, hidden and out of the tab order; then filled', async () => {
  const directory = holdRequests('/getWallets')
  await open({
    directoryUrl: server,
    walletConnectRelayUrl: devnet.walletConnectRelayUrl,
    fetch: directory.fetch,
  })
  await expect.poll(() => directory.held).toBeGreaterThan(0)
  // WalletConnect and the Devnet Wallet, and three places for the recommended wallets.
  expect(slots()).toEqual([
    'wallet-row',
    'wallet-row',
    'wallet-row-held',
    'wallet-row-held',
    'wallet-row-held',
    'all-wallets',
  ])
  for (const held of document.querySelectorAll('[data-slot="wallet-row-held"]')) {
    expect(held.getAttribute('aria-hidden')).toBe('true')
    expect(held.querySelector('button, a, [tabindex]')).toBeNull()
  }
  directory.release()
  await expect.poll(() => document.querySelectorAll('[data-slot="recommended-wallet-row"]').length).toBe(3)
  expect(document.querySelector('[data-slot="wallet-row-held"]')).toBeNull()
  expect(listItems()).toHaveLength(6)
})

test('security: a recent WalletConnect wallet read from storage with markup for a name and a javascript: icon is inert, badged Recent', async () => {
  const saved = new Map<string, string>([
    [
      '@portico/recent-wallets',
      JSON.stringify([
        {
          id: 'evil-recent',
          namespace: 'eip155',
          name: '<img src=x onerror="window.__pwned=1">Evil Recent',
          icon: 'javascript:window.__pwned=1',
          walletConnect: true,
        },
      ]),
    ],
  ])
  const storage = {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
    removeItem: (key: string) => void saved.delete(key),
  } as unknown as Storage
  await open({ storage, walletConnectRelayUrl: devnet.walletConnectRelayUrl })
  const row = page.getByRole('button', { name: /Evil Recent/ })
  await expect.element(row).toHaveAccessibleName(`<img src=x onerror="window.__pwned=1">Evil Recent ${en.badgeRecent}`)
  expect(row.element().getAttribute('data-slot')).toBe('recent-wallet-row')
  expect(row.element().querySelector('img')).toBeNull()
  expect(row.element().querySelector('[data-state="fallback"]')?.textContent).toBe('<')
  expect(document.querySelector('img[src="x"]')).toBeNull()
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})

test('a11y: Tab walks the rows in their order to All Wallets, and Enter opens it', async () => {
  await open({ extraWallets: 2 })
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-slot="connect-view"] ul > li > button')]
  expect(buttons.map((b) => b.getAttribute('data-slot'))).toEqual([
    'wallet-row',
    'wallet-row',
    'wallet-row',
    'all-wallets',
  ])
  buttons[0]?.focus()
  const reached = [document.activeElement]
  for (let i = 1; i < buttons.length; i++) {
    await userEvent.keyboard('{Tab}')
    reached.push(document.activeElement)
  }
  expect(reached).toEqual(buttons)
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('heading', { name: en.allWallets })).toBeVisible()
})

function OpenAt(entry: ViewEntry) {
  const { modal } = usePorticoUI('OpenAt')
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, as a network switch would.
  useEffect(() => modal.open(entry), [modal])
  return null
}

test('behavior: opened for a namespace, the view says which network the wallet is for', async () => {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl })
  try {
    await render(
      <harness.Wrapper>
        <ConnectButton />
        <OpenAt view="Connect" data={{ namespace: 'eip155' }} />
      </harness.Wrapper>,
    )
    await expect.element(page.getByText(en.connectForNetwork('Devnet'))).toBeVisible()
    await expect.element(page.getByRole('button', { name: /Devnet Wallet/ })).toBeVisible()
  } finally {
    harness.cleanup()
  }
})
