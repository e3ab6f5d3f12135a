// The Account view's permissions list over the devnet: a smart session the hosted session service
// (the devnet's emulator) keeps for the account is listed in words with Revoke; Revoke has the
// wallet sign the session's pci, the emulator checks the signature and the row goes. With the
// smartSessions feature off, nothing of it shows. Axe in light and dark.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { cleanup, render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { holdRequests } from '../../test/holdRequests.js'
import { isModalSettled } from '../../test/isModalSettled.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const stops: (() => unknown)[] = []

afterEach(async () => {
  await cleanup()
  for (const stop of stops.splice(0)) await stop()
})

/** A fresh account (no one else's sessions) with one hosted session of 1000 wei a day. */
async function accountWithSession(key = generatePrivateKey()) {
  const id = `eip155:31337:${privateKeyToAccount(key).address}`
  const response = await fetch(`${devnet.apiUrl}/__devnet/sessions/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      expiry: Math.floor(Date.now() / 1000) + 3600,
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x3e8', period: 86400 } }],
    }),
  })
  const { pci } = (await response.json()) as { pci: string }
  return { key, id, pci }
}

async function openAccount(options: HarnessOptions, { settled = true } = {}) {
  const harness = await createHarness({
    connected: true,
    projectId: 'permissions-ui',
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    ...options,
  })
  stops.push(harness.cleanup)
  await render(
    <harness.Wrapper view="Account">
      <ConnectButton />
    </harness.Wrapper>,
  )
  await expect.element(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  if (settled) await accountViewSettled()
  return harness
}

test('default: the session in words with its end; Revoke (signed pci, checked by the service) removes it', async () => {
  const { key, id, pci } = await accountWithSession()
  await openAccount({ accountKey: key, features: { smartSessions: true } })
  const list = page.getByRole('region', { name: 'Permissions' })
  await expect.element(list).toBeVisible()
  const row = list.getByRole('listitem')
  await expect.element(row.getByText('Spend up to 1000 wei every day')).toBeVisible()
  await expect.element(row.getByText(/^Until /)).toBeVisible()
  await userEvent.click(row.getByRole('button', { name: 'Revoke: Spend up to 1000 wei every day' }))
  await expect.element(page.getByText('Permission revoked')).toBeVisible()
  await expect.element(list).not.toBeInTheDocument()
  const sessions = (await (
    await fetch(`${devnet.apiUrl}/v1/sessions/${encodeURIComponent(id)}?projectId=p&st=appkit&sv=1`)
  ).json()) as { pcis: { pci: string; revokedAt?: number }[] }
  expect(sessions.pcis).toEqual([expect.objectContaining({ pci, revokedAt: expect.any(Number) })])
})

test('pending: while the service has not answered, the view is not whole; once it has, the list is in as the view settles', async () => {
  const { key } = await accountWithSession()
  const sessions = holdRequests('/v1/sessions/')
  await openAccount({ accountKey: key, features: { smartSessions: true }, fetch: sessions.fetch }, { settled: false })
  await expect.poll(() => sessions.held).toBeGreaterThan(0)
  // Every other part is in; the list, which will grow the view, is still on its way.
  await expect.element(page.getByText('Ether')).toBeVisible()
  const slot = document.querySelector('[role="dialog"] [data-slot="account-view"] [data-pending]')
  expect(slot).not.toBeNull()
  expect(isModalSettled()).toBe(false)
  sessions.release()
  await accountViewSettled()
  // Settled means whole: the row is there the moment the rule says so, not a moment later.
  expect(document.querySelector('[data-slot="permission-row"]')).not.toBeNull()
})

test('pending: an empty list fetched again (a grant was just made) is on its way until the service answers', async () => {
  const key = generatePrivateKey()
  const sessions = holdRequests('/v1/sessions/', { holding: false })
  const harness = await openAccount({ accountKey: key, features: { smartSessions: true }, fetch: sessions.fetch })
  expect(document.querySelector('[data-slot="permissions"]')).toBeNull()
  // What a grant does: the service keeps a session, then every permissions list is fetched again.
  await accountWithSession(key)
  sessions.holding = true
  void harness.queryClient.invalidateQueries({ queryKey: ['portico', 'permissions'] })
  await expect.poll(() => sessions.held).toBeGreaterThan(0)
  // The empty list shown meanwhile may grow the view: not whole until the service has answered
  // (the marker comes with the render after the fetch starts).
  await expect
    .poll(() => document.querySelector('[role="dialog"] [data-slot="account-view"] [data-pending]'))
    .not.toBeNull()
  expect(isModalSettled()).toBe(false)
  sessions.release()
  await accountViewSettled()
  expect(document.querySelector('[data-slot="permission-row"]')).not.toBeNull()
})

test('gating: with smartSessions off (the default) the list is not there, though the account has a session', async () => {
  const { key } = await accountWithSession()
  const start = performance.now()
  await openAccount({ accountKey: key })
  await expect.element(page.getByText('Ether')).toBeVisible()
  expect(document.querySelector('[data-slot="permissions"]')).toBeNull()
  // Not even its code (when this page has not loaded it for an earlier test): the slot would start
  // loading the list as the view rendered, before the balance came back; nor the service.
  const loaded = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= start)
    .map((entry) => entry.name)
  expect(loaded.filter((url) => /PermissionsList|\/v1\/sessions\//.test(url))).toEqual([])
})

test('accessible in light and dark', async () => {
  for (const themeMode of ['light', 'dark'] as const) {
    const { key } = await accountWithSession()
    await openAccount({ accountKey: key, features: { smartSessions: true }, ui: { themeMode } })
    await expect.element(page.getByRole('region', { name: 'Permissions' })).toBeVisible()
    await expectNoSeriousA11yViolations(page.getByRole('dialog').element())
    await cleanup()
    for (const stop of stops.splice(0)) await stop()
  }
})
