// The `activity` flag: the Account view's Activity tab shows only while it is on, whether the host
// turned it off or the remote project configuration did (the devnet's, per project).
import { getFeatures } from '@portico/headless'
import { afterEach, expect, inject, test } from 'vitest'
import { page } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import '../../test/provided.js'

const devnet = inject('devnet')
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const stop of cleanups.splice(0)) stop()
})

async function openAccount(options: HarnessOptions) {
  // The blockchain API on: without it the Account view offers no NFTs or Activity tab at all.
  const harness = await createHarness({
    rpcUrl: devnet.evmRpcUrl,
    blockchainApiUrl: devnet.apiUrl,
    connected: true,
    ...options,
  })
  cleanups.push(harness.cleanup)
  await render(<harness.Wrapper view="Account" />)
  await expect.element(page.getByRole('tab', { name: 'Tokens' })).toBeVisible()
  return harness
}

const activityTab = () => page.getByRole('tab', { name: 'Activity' })

test('activity on (the default): the Activity tab is there', async () => {
  await openAccount({})
  await expect.element(activityTab()).toBeVisible()
})

test('activity off locally: no Activity tab', async () => {
  await openAccount({ features: { activity: false } })
  await expect.element(page.getByRole('tab', { name: 'NFTs' })).toBeVisible()
  expect(activityTab().query()).toBeNull()
})

test('activity off in the remote configuration: the tab goes once it has loaded', async () => {
  const response = await fetch(`${devnet.apiUrl}/__devnet/switches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ featuresFor: { 'h38a-activity-off': { activity: false } } }),
  })
  expect(response.status).toBe(200)
  const harness = await openAccount({ projectId: 'h38a-activity-off', remoteConfigUrl: devnet.apiUrl })
  // The Account view asks for the remote configuration itself (the Connect view was not shown).
  await expect.poll(() => getFeatures(harness.portico).activity, { timeout: 30_000 }).toBe(false)
  await expect.poll(() => activityTab().query()).toBeNull()
  await expect.element(page.getByRole('tab', { name: 'NFTs' })).toBeVisible()
})
