// ProfileWalletsView in real Chromium on the devnet, with wallets of two namespaces held at once:
// two installed EVM wallets (EIP-6963, fresh keys, one announcing a hostile name and icon), a
// Solana one (Wallet Standard) and, in one test, a host-supplied EVM wallet slow to disconnect.
// Covers the per-namespace sections, making one active (every reader of the connection follows,
// the other namespace untouched), disconnecting one (the others stay; the wallet asked once), the
// empty list, hostile names and icons as inert text, and the keyboard (Tab order, switch with
// Enter, focus kept inside the dialog), and a double click on a row's Disconnect that leaves alone
// the wallet whose row slides under the pointer. Two EVM wallets,
// adding through All Wallets, the Account view's entry and axe are in ProfileWallets.browser.test.tsx;
// WalletConnect, embedded wallets, reload and Reconnect in tests/e2e/multiWallet*.test.ts.
import {
  connect,
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  initialize,
  PorticoProvider,
  solanaAdapter,
  solanaNetwork,
  truncateAddress,
  useConnection,
} from '@portico/headless'
import { createTestEip1193Wallet, createTestSolanaWallet } from '@portico/headless/testing'
import { getConnections } from '@portico/headless/wallets'
import { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { usePorticoUI } from '../../context.js'
import { PorticoUI } from '../../PorticoUI.js'
import { offline } from '../../test/offline.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => void)[] = []
const wait = { timeout: 15_000 }

afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) stop()
  delete (window as { __pwned?: unknown }).__pwned
})

// Markup only: an announcement whose name holds controls or bidi overrides is dropped before any
// view sees it (kernel/utils/eip6963.ts and its tests).
const hostileName = '<img src=x onerror="window.__pwned=1"><b>Evil</b> & "Wallet"'
const hostileIcon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__pwned=1'/>"
const solanaName = 'Phantom Test'

/** A 32-byte secret as hex: a Solana key no other test uses. */
const freshSeed = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')

/** Opens the modal on ProfileWallets once mounted (the view is not one a host opens directly). */
function OpenWallets() {
  const { modal } = usePorticoUI('OpenWallets')
  useEffect(() => modal.open({ view: 'ProfileWallets' }), [modal])
  return null
}

/** What the rest of the page reads: the active EVM account, outside the modal. */
function PageAccount() {
  const { address, connectorId } = useConnection({ namespace: 'eip155' })
  return (
    <output data-testid="page-account" data-connector={connectorId ?? ''}>
      {address ?? 'none'}
    </output>
  )
}

/**
 * A host-supplied EVM wallet ('Held Wallet') over a test wallet whose `wallet_revokePermissions`
 * waits until `release()`: a disconnect that is still on its way.
 */
function heldWallet() {
  const wallet = createTestEip1193Wallet({
    accounts: [generatePrivateKey()],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const revokeCalls: unknown[] = []
  const provider = new Proxy(wallet.provider, {
    get(target, key, receiver) {
      if (key !== 'request') return Reflect.get(target, key, receiver)
      return async (args: { method: string; params?: unknown }) => {
        if (args.method === 'wallet_revokePermissions') {
          revokeCalls.push(args)
          await gate
        }
        return target.request(args as Parameters<typeof target.request>[0])
      }
    },
  })
  return { connector: { id: 'held', name: 'Held Wallet', provider }, revokeCalls, release: () => release() }
}

/** The kit with both adapters, three wallets installed and (unless `connected` is false) connected. */
async function mount({ connected = true, held }: { connected?: boolean; held?: ReturnType<typeof heldWallet> } = {}) {
  const evm = createTestEip1193Wallet({
    accounts: [generatePrivateKey()],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
  })
  const hostile = createTestEip1193Wallet({
    accounts: [generatePrivateKey()],
    chains: [{ id: 31337, rpcUrl: devnet.evmRpcUrl }],
    info: {
      uuid: '00000000-0000-4000-8000-0000000000aa',
      name: hostileName,
      rdns: 'dev.portico.hostile',
      // Announcements are untrusted input; the test wallet's type is stricter than the wild.
      icon: hostileIcon as `data:image/${string}`,
    },
  })
  const solana = await createTestSolanaWallet({ seeds: [freshSeed()], rpcUrl: devnet.solanaRpcUrl, name: solanaName })
  stops.push(evm.announce(), hostile.announce(), solana.register())
  const portico = createPortico({
    ...offline,
    projectId: 'profile-wallets-view',
    networks: [
      eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl, testnet: true }),
      solanaNetwork({ genesisHash: devnet.solanaGenesisHash, name: 'Solana Devnet', rpcUrl: devnet.solanaRpcUrl }),
    ],
    adapters: [eip155Adapter({ connectors: held ? [held.connector] : [] }), solanaAdapter()],
    features: { ...offline.features, multiWallet: true },
  })
  stops.push(initialize(portico))
  // The list follows the kernel from here on (see ProfileWallets.browser.test.tsx).
  getConnections(portico)
  if (connected) {
    await connect(portico, { connectorId: 'dev.portico.devnet', namespace: 'eip155' })
    // The held wallet, when there is one, is the last EVM row (nothing slides under a pointer on it).
    if (held) await connect(portico, { connectorId: 'held', namespace: 'eip155' })
    await connect(portico, { connectorId: 'dev.portico.hostile', namespace: 'eip155' })
    await connect(portico, { connectorId: solanaName, namespace: 'solana' })
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await render(
    <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
      <PorticoUI>
        <PageAccount />
        <OpenWallets />
      </PorticoUI>
    </PorticoProvider>,
  )
  if (connected)
    await expect.poll(() => document.querySelectorAll('[data-slot="connected-wallet"]').length, wait).toBe(held ? 4 : 3)
  return { portico, evm, hostile, solana }
}

const rowOf = (connectorId: string) =>
  document.querySelector<HTMLElement>(`[data-slot="connected-wallet"][data-connector="${CSS.escape(connectorId)}"]`)
const statusOf = (connectorId: string) => rowOf(connectorId)?.getAttribute('data-status')
/** Each namespace's rows, top to bottom. */
const listed = () =>
  Object.fromEntries(
    [...document.querySelectorAll('[data-slot="wallets-list"]')].map((list) => [
      list.getAttribute('data-namespace'),
      [...list.querySelectorAll('[data-slot="connected-wallet"]')].map((row) => row.getAttribute('data-connector')),
    ]),
  )
const revokes = (wallet: { requests: readonly { method: string }[] }) =>
  wallet.requests.filter((r) => r.method === 'wallet_revokePermissions').length

test('default: one section per namespace, each led by its active wallet with the Active badge and aria-current', async () => {
  const { evm } = await mount()
  expect(listed()).toEqual({ eip155: ['dev.portico.hostile', 'dev.portico.devnet'], solana: [solanaName] })
  await expect.element(page.getByRole('region', { name: 'EVM' })).toBeVisible()
  await expect.element(page.getByRole('region', { name: 'Solana' })).toBeVisible()
  await expect.element(page.getByRole('heading', { name: 'Solana' })).toBeVisible()
  for (const id of ['dev.portico.hostile', solanaName]) {
    expect(statusOf(id)).toBe('active')
    expect(rowOf(id)?.getAttribute('aria-current')).toBe('true')
    expect(rowOf(id)?.querySelector('[data-slot="wallet-active"]')?.textContent).toBe('Active')
    expect(rowOf(id)?.querySelector('[data-slot="switch-wallet"]')).toBeNull()
  }
  const other = rowOf('dev.portico.devnet')
  expect(statusOf('dev.portico.devnet')).toBe('connected')
  expect(other?.hasAttribute('aria-current')).toBe(false)
  expect(other?.querySelector('[data-slot="wallet-active"]')).toBeNull()
  // The short address of each row's own account, and its own native balance on the devnet.
  expect(other?.querySelector('[data-slot="wallet-address"]')?.textContent).toBe(truncateAddress(evm.address))
  await expect.poll(() => other?.querySelector('[data-slot="wallet-balance"]')?.textContent, wait).toMatch(/ETH$/)
  // Every row can be disconnected, by a name that says which wallet.
  await expect.element(page.getByRole('button', { name: `Disconnect ${solanaName}` })).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Disconnect Devnet Wallet' })).toBeVisible()
})

test('behavior: making an EVM wallet active switches the account every reader sees; the Solana wallet stays as it was', async () => {
  const { portico, evm, hostile } = await mount()
  const pageAccount = page.getByTestId('page-account')
  await expect.element(pageAccount).toHaveTextContent(hostile.address)
  const solanaBefore = getConnection(portico, { namespace: 'solana' }).address
  await userEvent.click(page.getByRole('button', { name: 'Switch to Devnet Wallet' }))
  await expect.element(pageAccount).toHaveTextContent(evm.address)
  expect(pageAccount.element().getAttribute('data-connector')).toBe('dev.portico.devnet')
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(evm.address)
  await expect.poll(() => statusOf('dev.portico.devnet'), wait).toBe('active')
  expect(statusOf('dev.portico.hostile')).toBe('connected')
  expect(listed().eip155).toEqual(['dev.portico.devnet', 'dev.portico.hostile'])
  // The other namespace is not touched.
  expect(statusOf(solanaName)).toBe('active')
  expect(getConnection(portico, { namespace: 'solana' }).address).toBe(solanaBefore)
  // A switch between authorised wallets asks neither wallet again, and revokes nothing.
  expect(evm.requests.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(1)
  expect(revokes(hostile)).toBe(0)
})

test('behavior: a double click on one Disconnect disconnects that wallet once; the other EVM wallet and the Solana one stay', async () => {
  const { portico, evm, hostile, solana } = await mount()
  await userEvent.dblClick(page.getByRole('button', { name: 'Disconnect Devnet Wallet' }))
  await expect.poll(() => rowOf('dev.portico.devnet'), wait).toBeNull()
  expect(revokes(evm)).toBe(1)
  expect(revokes(hostile)).toBe(0)
  expect(solana.requests.filter((r) => r.feature === 'standard:disconnect')).toHaveLength(0)
  expect(listed()).toEqual({ eip155: ['dev.portico.hostile'], solana: [solanaName] })
  expect(statusOf('dev.portico.hostile')).toBe('active')
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(hostile.address)
  expect(getConnection(portico, { namespace: 'solana' }).isConnected).toBe(true)
  // The modal stays on the list.
  await expect.element(page.getByRole('button', { name: 'Add wallet' })).toBeVisible()
})

test('behavior: a wallet slow to end its session leaves the list at once, asked once despite a double click; the rest stays usable', async () => {
  const held = heldWallet()
  const { portico, hostile } = await mount({ held })
  expect(statusOf('held')).toBe('connected')
  await userEvent.dblClick(page.getByRole('button', { name: 'Disconnect Held Wallet' }))
  // The wallet has not answered yet, and the row is already gone: nothing is left to click twice.
  await expect.poll(() => held.revokeCalls.length, wait).toBe(1)
  expect(rowOf('held')).toBeNull()
  await expect.element(page.getByRole('dialog')).toBeVisible()
  await expect.element(page.getByRole('button', { name: 'Disconnect Devnet Wallet' })).toBeEnabled()
  await expect.element(page.getByRole('button', { name: 'Switch to Devnet Wallet' })).toBeEnabled()
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(hostile.address)
  held.release()
  await expect.poll(() => getConnections(portico).some((c) => c.connectorId === 'held')).toBe(false)
  expect(held.revokeCalls).toHaveLength(1)
  expect(listed()).toEqual({ eip155: ['dev.portico.hostile', 'dev.portico.devnet'], solana: [solanaName] })
})

// The row leaves the list in the first click (disconnectConnection drops it before the wallet
// answers), so the row below slides under the pointer: the double click's second click must not
// disconnect that wallet too.
test('behavior: a double click on the first row’s Disconnect disconnects that wallet only, not the one sliding under the pointer', async () => {
  const { portico, evm } = await mount()
  await userEvent.dblClick(page.getByRole('button', { name: `Disconnect ${hostileName}` }))
  await expect.poll(() => rowOf('dev.portico.hostile'), wait).toBeNull()
  expect(rowOf('dev.portico.devnet')).not.toBeNull()
  expect(revokes(evm)).toBe(0)
  expect(getConnection(portico, { namespace: 'eip155' }).address).toBe(evm.address)
})

test('edge: disconnecting the active EVM wallet hands EVM to the one left; its row becomes the active one', async () => {
  const { portico, evm } = await mount()
  await userEvent.click(page.getByRole('button', { name: `Disconnect ${hostileName}` }))
  await expect.poll(() => rowOf('dev.portico.hostile'), wait).toBeNull()
  await expect.poll(() => statusOf('dev.portico.devnet'), wait).toBe('active')
  await expect.element(page.getByTestId('page-account')).toHaveTextContent(evm.address)
  expect(getConnection(portico, { namespace: 'eip155' }).connectorId).toBe('dev.portico.devnet')
  expect(statusOf(solanaName)).toBe('active')
})

test('edge: with nothing connected the view says so and still offers Add wallet', async () => {
  await mount({ connected: false })
  await expect.element(page.getByText('No wallet connected')).toBeVisible()
  expect(document.querySelectorAll('[data-slot="wallets-list"]')).toHaveLength(0)
  await userEvent.click(page.getByRole('button', { name: 'Add wallet' }))
  await expect
    .poll(() => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view'), wait)
    .toBe('AllWallets')
})

test('security: a hostile wallet name is inert text in the row and the button labels; its scripted icon never runs', async () => {
  await mount()
  const row = rowOf('dev.portico.hostile') as HTMLElement
  expect(row.textContent).toContain(hostileName)
  // The markup is text: no element came from the name, no handler ran.
  expect(row.querySelector('img[src="x"], img[onerror]')).toBeNull()
  expect(document.querySelector('[onerror], [onload]')).toBeNull()
  await expect.element(page.getByRole('button', { name: `Disconnect ${hostileName}` })).toBeVisible()
  // The icon is only ever an <img> (SVG as an image runs no script); nothing inlines it.
  expect(row.querySelector('svg[onload], iframe, object, embed')).toBeNull()
  for (const img of row.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').not.toMatch(/^javascript:/i)
  // Let the image settle either way (loaded as an inert image, or the glyph instead).
  await expect.poll(() => row.querySelector('[aria-busy="true"]'), wait).toBeNull()
  expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
})

test('a11y: from the keyboard, Enter on Switch makes that wallet active and focus stays inside the dialog', async () => {
  const { portico } = await mount()
  const switchButton = page.getByRole('button', { name: 'Switch to Devnet Wallet' })
  await expect.element(switchButton).toBeEnabled()
  // Tab reaches each row's controls: Switch, then that row's Disconnect.
  ;(switchButton.element() as HTMLButtonElement).focus()
  await userEvent.keyboard('{Tab}')
  expect(document.activeElement?.getAttribute('aria-label')).toBe('Disconnect Devnet Wallet')
  await userEvent.keyboard('{Shift>}{Tab}{/Shift}')
  expect(document.activeElement).toBe(switchButton.element())
  await userEvent.keyboard('{Enter}')
  await expect.poll(() => getConnection(portico, { namespace: 'eip155' }).connectorId, wait).toBe('dev.portico.devnet')
  await expect.poll(() => statusOf('dev.portico.devnet'), wait).toBe('active')
  // The Switch button is gone (the row shows Active now): focus must not fall out of the dialog.
  const dialog = page.getByRole('dialog').element()
  await expect.poll(() => dialog.contains(document.activeElement)).toBe(true)
})
