// A wallet's row (WalletRow): its one badge (Recent over Installed, QR code on WalletConnect's row
// whatever else it is, Featured), its namespace line, the keyboard, the intent callback, and what a
// hostile announcement (markup, a 300-character name, a javascript: icon) shows. Rows in the lists'
// order, the one-row-per-wallet namespaces and the hostile icons' fallback in All Wallets are tested
// in ConnectOneRow, AllWalletsView, CustomWallets and modal/Modal browser tests.
import { disconnect, getConnectors, type SortedConnector } from '@portico/headless'
import { createTestEip1193Wallet } from '@portico/headless/testing'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { en } from '../../i18n/messages.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { renderConnectButton } from '../../test/renderConnectButton.js'
import { WalletRow } from './WalletRow.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

// Anvil's public account #2: connections only, nothing is sent from it.
const key = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'

const rowOf = (name: string | RegExp) =>
  page.getByRole('list', { name: en.sectionWallets }).getByRole('button', { name })
const badges = (row: Element) => [...row.querySelectorAll('[class*="badge"]')].map((b) => b.textContent)

async function openConnect(options: HarnessOptions = {}) {
  const harness = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, ...options })
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  return harness
}

/** A real connector of the harness's wallets (WalletConnect's too), to render a row of alone. */
async function connectorsOf(options: HarnessOptions = {}) {
  const harness = await createHarness({ rpcUrl: devnet.evmRpcUrl, ...options })
  stops.push(harness.cleanup)
  await expect.poll(() => getConnectors(harness.portico).some((c) => c.id === 'dev.portico.devnet')).toBe(true)
  return { harness, connectors: getConnectors(harness.portico) }
}

async function renderRow(
  harness: Awaited<ReturnType<typeof createHarness>>,
  connectors: readonly [SortedConnector, ...SortedConnector[]],
  props: { tabIndex?: number } = {},
) {
  const onSelect = vi.fn()
  const onIntent = vi.fn()
  await render(
    <harness.Wrapper>
      <WalletRow connectors={connectors} onSelect={onSelect} onIntent={onIntent} {...props} />
    </harness.Wrapper>,
  )
  const row = page.getByRole('button', { name: new RegExp(connectors[0].name) })
  await expect.element(row).toBeVisible()
  return { onSelect, onIntent, row }
}

test('default: an announced wallet is badged Installed, and its name and badge are the row’s name', async () => {
  await openConnect()
  const row = rowOf(`Devnet Wallet ${en.badgeInstalled}`)
  await expect.element(row).toBeVisible()
  expect(badges(row.element())).toEqual([en.badgeInstalled])
  // EVM is the default namespace: no namespace line.
  expect(row.element().textContent).not.toContain('EVM')
})

test('behavior: a wallet connected before is badged Recent (not also Installed) and listed first; others stay Installed', async () => {
  const { portico } = await renderConnectButton({ rpcUrl: devnet.evmRpcUrl, connected: true, extraWallets: 6 })
  await disconnect(portico)
  await expect.element(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await userEvent.click(page.getByRole('button', { name: 'Connect Wallet' }))
  const recent = rowOf(/Devnet Wallet/)
  await expect.element(recent).toHaveAccessibleName(`Devnet Wallet ${en.badgeRecent}`)
  expect(badges(recent.element())).toEqual([en.badgeRecent])
  const rows = [...document.querySelectorAll('[data-slot="connect-view"] [data-slot="wallet-row"]')]
  expect(rows[0]?.getAttribute('data-connector')).toBe('eip155:dev.portico.devnet')
  expect(badges(rowOf(/Test Wallet 04/).element())).toEqual([en.badgeInstalled])
})

test('behavior: WalletConnect’s row shows QR code, never Recent or Installed; Featured shows only for a plain listing', async () => {
  const { harness, connectors } = await connectorsOf({ walletConnectRelayUrl: devnet.walletConnectRelayUrl })
  const walletConnect = connectors.find((c) => c.type === 'WALLET_CONNECT') as SortedConnector
  const { row } = await renderRow(harness, [{ ...walletConnect, isRecent: true, isInstalled: true, isFeatured: true }])
  expect(badges(row.element())).toEqual([en.badgeQrCode])
  expect(row.element().querySelector('[data-slot="qr-code-badge"]')?.textContent).toBe(en.badgeQrCode)
  // The kit's own mark stands in for the icon it was not given.
  await expect.poll(() => row.element().querySelector('[data-state]')?.getAttribute('data-state')).toBe('loaded')
})

test('behavior: a featured wallet that is not installed is badged Featured; with none of these, no badge', async () => {
  const { harness, connectors } = await connectorsOf()
  const devnetWallet = connectors.find((c) => c.id === 'dev.portico.devnet') as SortedConnector
  const { row } = await renderRow(harness, [
    { ...devnetWallet, isRecent: false, isInstalled: false, isFeatured: true, name: 'Featured One' },
  ])
  expect(badges(row.element())).toEqual([en.badgeFeatured])
  await render(
    <harness.Wrapper>
      <WalletRow
        connectors={[{ ...devnetWallet, isRecent: false, isInstalled: false, isFeatured: false, name: 'Plain One' }]}
        onSelect={() => {}}
      />
    </harness.Wrapper>,
  )
  const plain = page.getByRole('button', { name: 'Plain One' })
  await expect.element(plain).toHaveAccessibleName('Plain One')
  expect(badges(plain.element())).toEqual([])
})

test('a11y: Enter and Space on the focused row select it once each, with its connectors; tabIndex -1 takes it out of the tab order', async () => {
  const { harness, connectors } = await connectorsOf()
  const devnetWallet = connectors.find((c) => c.id === 'dev.portico.devnet') as SortedConnector
  const { row, onSelect, onIntent } = await renderRow(harness, [devnetWallet], { tabIndex: -1 })
  expect(row.element().getAttribute('type')).toBe('button')
  expect(row.element().getAttribute('tabindex')).toBe('-1')
  ;(row.element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Enter}')
  expect(onSelect).toHaveBeenCalledTimes(1)
  expect(onSelect.mock.calls[0]?.[0]).toEqual([devnetWallet])
  await userEvent.keyboard(' ')
  expect(onSelect).toHaveBeenCalledTimes(2)
  // An installed wallet readies no WalletConnect pairing, whatever reaches it.
  await userEvent.hover(row)
  expect(onIntent).not.toHaveBeenCalled()
})

test('behavior: focus on WalletConnect’s row is an intent (its pairing is readied), a click still selects it', async () => {
  const { harness, connectors } = await connectorsOf({ walletConnectRelayUrl: devnet.walletConnectRelayUrl })
  const walletConnect = connectors.find((c) => c.type === 'WALLET_CONNECT') as SortedConnector
  const { row, onSelect, onIntent } = await renderRow(harness, [walletConnect])
  ;(row.element() as HTMLButtonElement).focus()
  expect(onIntent).toHaveBeenCalled()
  await userEvent.click(row)
  expect(onSelect).toHaveBeenCalledTimes(1)
})

test('edge: a wallet of another namespace names it; a wallet on two names both, EVM first as listed', async () => {
  const { harness, connectors } = await connectorsOf()
  const devnetWallet = connectors.find((c) => c.id === 'dev.portico.devnet') as SortedConnector
  const { row } = await renderRow(harness, [{ ...devnetWallet, chain: 'solana', name: 'Sol Only' }])
  expect(row.element().textContent).toContain('Solana')
  expect(row.element().textContent).not.toContain('EVM')
  await render(
    <harness.Wrapper>
      <WalletRow
        connectors={[
          { ...devnetWallet, name: 'Both Ways' },
          { ...devnetWallet, chain: 'bip122', uid: 'bip122:x' },
        ]}
        onSelect={() => {}}
      />
    </harness.Wrapper>,
  )
  const both = page.getByRole('button', { name: /Both Ways/ })
  await expect.element(both).toBeVisible()
  expect(both.element().querySelector('[data-slot="wallet-namespaces"]')?.textContent).toBe('EVM · Bitcoin')
})

test('security: a hostile announcement (markup in a 300-character name, a javascript: icon) is inert text that stays in its row', async () => {
  const name = `<img src=x onerror="window.__pwned=1">${'W'.repeat(300)}`
  const hostile = createTestEip1193Wallet({
    accounts: [key],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    info: { name, rdns: 'dev.portico.hostile', icon: 'javascript:window.__pwned=1' as `data:image/${string}` },
  })
  stops.push(hostile.announce())
  await openConnect()
  const row = rowOf(/<img src=x/)
  await expect.element(row).toBeVisible()
  const element = row.element()
  expect(element.querySelector('img')).toBeNull()
  expect(element.querySelector('[data-state="fallback"]')?.textContent).toBe('<')
  // Text, as announced (a name this long may be shortened, never parsed).
  expect(element.textContent).toContain('<img src=x onerror="window.__pwned=1">WWWW')
  // The name is cut inside the row; the badge is still shown beside it.
  const box = element.getBoundingClientRect()
  const list = page.getByRole('list', { name: en.sectionWallets }).element().getBoundingClientRect()
  expect(box.right).toBeLessThanOrEqual(list.right + 0.5)
  expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth + 1)
  const badge = [...element.querySelectorAll('[class*="badge"]')].find((b) => b.textContent === en.badgeInstalled)
  const badgeBox = badge?.getBoundingClientRect()
  expect(badgeBox && badgeBox.width > 0 && badgeBox.right <= box.right + 0.5).toBe(true)
  expect(document.querySelector('img[src="x"]')).toBeNull()
  expect((window as { __pwned?: number }).__pwned).toBeUndefined()
})
