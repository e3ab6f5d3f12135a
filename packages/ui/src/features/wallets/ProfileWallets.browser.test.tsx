// ProfileWallets in the browser on the devnet: two announced EVM wallets connected at once (the
// Devnet Wallet and a second one with another key), the Account view's entry while multiWallet is
// on (and none while it is off), switching (the connection every hook reads follows), disconnecting
// one, adding another through Connect and back; axe in light and dark.
import { connect, getConnection } from '@portico/headless'
import { getConnections } from '@portico/headless/wallets'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled, modalSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
const wait = { timeout: 30_000 }
const second = 'dev.portico.test0'

afterEach(async () => {
  await cleanup()
  for (const stop of cleanups.splice(0)) stop()
})

const view = () => document.querySelector('[data-slot="modal-frame"]')?.getAttribute('data-view')
/** The rows' connectors, top to bottom. */
const rowOrder = () =>
  [...document.querySelectorAll('[data-slot="connected-wallet"]')].map((row) => row.getAttribute('data-connector'))
const rowOf = (connectorId: string) =>
  document.querySelector(`[data-slot="connected-wallet"][data-connector="${connectorId}"]`)

async function mount(options: HarnessOptions & { both?: boolean } = {}) {
  const harness = await createHarness({
    connected: true,
    multiWallet: true,
    extraWallets: 1,
    rpcUrl: devnet.evmRpcUrl,
    ...options,
  })
  cleanups.push(harness.cleanup)
  // The list follows the kernel once its feature is loaded (with the instance, in its own chunk): a
  // reader starts it at once, before the second wallet connects in the same tick as the first.
  expect(getConnections(harness.portico).map((c) => c.status)).toEqual(options.connected === false ? [] : ['active'])
  if (options.both ?? true) await connect(harness.portico, { connectorId: second, namespace: 'eip155' })
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  return harness
}

async function openWallets() {
  await accountViewSettled()
  await userEvent.click(page.getByRole('button', { name: 'Connected wallets' }))
  await expect.element(page.getByRole('button', { name: 'Add wallet' }), wait).toBeVisible()
  expect(view()).toBe('ProfileWallets')
}

test('two wallets at once: switch moves the connection, disconnect one leaves the other', async () => {
  const { portico, wallet } = await mount()
  await openWallets()
  await expect.poll(() => rowOf(second)?.getAttribute('data-status'), wait).toBe('active')
  expect(rowOf('dev.portico.devnet')?.getAttribute('data-status')).toBe('connected')
  // The list starts with the active wallet, though it was connected second.
  expect(rowOrder()).toEqual([second, 'dev.portico.devnet'])
  await expect
    .poll(() => rowOf('dev.portico.devnet')?.querySelector('[data-slot="wallet-balance"]')?.textContent, wait)
    .toMatch(/ETH/)

  await userEvent.click(page.getByRole('button', { name: 'Switch to Devnet Wallet' }))
  await expect.poll(() => getConnection(portico).connectorId, wait).toBe('dev.portico.devnet')
  expect(getConnection(portico).address).toBe(wallet.address)
  await expect.poll(() => rowOf('dev.portico.devnet')?.getAttribute('data-status'), wait).toBe('active')
  await expect.poll(rowOrder, wait).toEqual(['dev.portico.devnet', second])

  await userEvent.click(page.getByRole('button', { name: 'Disconnect Test Wallet 01' }))
  await expect.poll(() => rowOf(second), wait).toBeNull()
  expect(getConnection(portico).connectorId).toBe('dev.portico.devnet')
  expect(document.querySelectorAll('[data-slot="connected-wallet"]')).toHaveLength(1)
})

test('add another: All Wallets while connected, then back on the list with the new wallet active', async () => {
  const { portico } = await mount({ both: false })
  await openWallets()
  await userEvent.click(page.getByRole('button', { name: 'Add wallet' }))
  await expect.poll(view, wait).toBe('AllWallets')
  await modalSettled()
  await userEvent.click(page.getByRole('button', { name: /Test Wallet 01/ }).first())
  await expect.poll(view, wait).toBe('ProfileWallets')
  await expect.poll(() => rowOf(second)?.getAttribute('data-status'), wait).toBe('active')
  expect(rowOf('dev.portico.devnet')?.getAttribute('data-status')).toBe('connected')
  expect(getConnection(portico).connectorId).toBe(second)
})

test('no entry in the Account view while multiWallet is off', async () => {
  await mount({ multiWallet: false, both: false })
  await expect.element(page.getByRole('region', { name: 'Tokens' }), wait).toBeVisible()
  await expect.element(page.getByText('Ether'), wait).toBeVisible()
  expect(document.querySelector('[data-slot="open-wallets"]')).toBeNull()
})

test('accessible in light and dark', async () => {
  for (const themeMode of ['light', 'dark'] as const) {
    await mount({ ui: { themeMode } })
    await openWallets()
    await expect.poll(() => rowOf(second)?.getAttribute('data-status'), wait).toBe('active')
    await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
    await cleanup()
    for (const stop of cleanups.splice(0)) stop()
  }
})
