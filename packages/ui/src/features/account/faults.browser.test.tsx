// Fault suite, in the browser: the Account view with a connected wallet when the chain's RPC
// and the activity API die. Each read must end in an error state with a "Try again" control (not
// a spinner), keep the rest of the view usable, and recover when the service is back, on the
// same page. Faults come from the devnet emulator's `hosted` switch, scoped to this file's
// project id so other files sharing the emulator are untouched; clocks are fake.
import { afterEach, expect, inject, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { ConnectButton } from '../../buttons/ConnectButton.js'
import { untilFrame } from '../../test/frames.js'
import { createHarness, type HarnessOptions } from '../../test/harness.js'
import { accountViewSettled } from '../../test/modalSettled.js'
import '../../test/provided.js'
import { setHostedFault } from '../../test/devnetApi.js'

const devnet = inject('devnet')
const projectId = 'faults-ui'
const cleanups: (() => unknown)[] = []

const setFault = (hosted: 'ok' | 500 | 'reset') => setHostedFault(projectId, hosted)

afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await setFault('ok')
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function mountAccount(options: HarnessOptions) {
  const harness = await createHarness({ connected: true, projectId, ...options })
  cleanups.push(harness.cleanup)
  const { Wrapper } = harness
  await render(
    <Wrapper view="Account">
      <ConnectButton />
    </Wrapper>,
  )
  return harness
}

/** Moves fake time forward in small steps, letting real I/O (fetch) settle in between. */
async function advance(ms: number, step = 250) {
  for (let t = 0; t < ms; t += step) {
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - t))
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
}

/** Generous real-time bounds for polls that step fake time forward (nothing waits on real time). */
const waitLong = { timeout: 15_000, interval: 20 }

/** The Tokens list (alone, not a tab: these accounts have no blockchain API) and its error state (the same words also appear in a toast). */
const tokensPanel = () => page.getByRole('region', { name: 'Tokens' })
const balanceError = () => tokensPanel().getByRole('button', { name: 'Try again' })

test('RPC dies: the balance ends in an error with "Try again" (not a spinner); after the 30 s lockout it comes back', async () => {
  const realFetch = window.fetch.bind(window)
  let requestsInFlight = 0
  vi.spyOn(window, 'fetch').mockImplementation(async (...args) => {
    requestsInFlight++
    try {
      return await realFetch(...args)
    } finally {
      requestsInFlight--
    }
  })
  // The chain's RPC through the emulator's JSON-RPC proxy, which the fault switch can break.
  const rpcUrl = `${devnet.apiUrl}/v1?chainId=eip155%3A31337&projectId=${projectId}`
  const harness = await mountAccount({ rpcUrl })
  await expect.element(tokensPanel().getByText('ETH').first()).toBeVisible()
  // Every part of the view in place first: a part that mounted later (a lazy slot reading the
  // balance) would read the balance again as soon as the lockout ends, before the click.
  await accountViewSettled()

  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  await setFault('reset')
  // What a remount or a stale refetch does: read again with no balance in hand.
  void harness.queryClient.resetQueries({ queryKey: ['portico', 'balance'] })
  await vi.waitFor(async () => {
    await advance(500)
    expect(balanceError().query()).not.toBeNull()
  }, waitLong)
  const retry = balanceError()
  await expect.element(tokensPanel().getByText('Token Balance Unavailable')).toBeVisible()
  // The spec's 30 s lockout: the control is there but refuses until it ends.
  await expect.element(retry).toBeDisabled()
  expect(tokensPanel().getByRole('status').query()).toBeNull()
  // The rest of the view stays usable.
  await expect.element(page.getByRole('button', { name: 'Copy address' })).toBeEnabled()

  // Reads sent while the RPC was failing must have failed before it heals: one still on its way
  // would then succeed, and the balance would come back before the lockout's end.
  await expect.poll(() => requestsInFlight).toBe(0)
  await setFault('ok')
  // To just past the lockout's end, before the query's own refetch (250 ms later) would start.
  const left = (harness.portico._internal.balanceRetryAt ?? 0) - Date.now()
  // From here the clock moves only as written: the query's own refetch 250 ms after the lockout
  // would take "Try again" away before the click (a poll's tries moved the clock there once in
  // six runs).
  await advance(left - 1_000, 1_000)
  const button = () => retry.query() as HTMLButtonElement | null
  expect(button()?.disabled).toBe(true)
  await vi.advanceTimersByTimeAsync(1_050)
  expect(await untilFrame(() => button()?.disabled === false)).toBe(true)
  await userEvent.click(retry)
  await vi.waitFor(async () => {
    await advance(250)
    expect(tokensPanel().getByText('ETH').query()).not.toBeNull()
  }, waitLong)
})

test('RPC dies and comes back with nobody touching anything: the balance returns on its own after the lockout', async () => {
  const rpcUrl = `${devnet.apiUrl}/v1?chainId=eip155%3A31337&projectId=${projectId}`
  const harness = await mountAccount({ rpcUrl })
  await expect.element(tokensPanel().getByText('ETH').first()).toBeVisible()
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  await setFault(500)
  void harness.queryClient.resetQueries({ queryKey: ['portico', 'balance'] })
  await vi.waitFor(async () => {
    await advance(500)
    expect(balanceError().query()).not.toBeNull()
  }, waitLong)
  await setFault('ok')
  await vi.waitFor(async () => {
    await advance(2_000, 1_000)
    expect(tokensPanel().getByText('ETH').query()).not.toBeNull()
  }, waitLong)
  // Recovered by the query's own refetch when the lockout ended: the lockout is cleared.
  expect(harness.portico._internal.balanceRetryAt).toBeUndefined()
})

test('activity API fails: "Failed to fetch transactions" with "Try again", which loads the list once the API is back', async () => {
  await mountAccount({ blockchainApiUrl: devnet.apiUrl, rpcUrl: devnet.evmRpcUrl })
  await setFault(500)
  await accountViewSettled()
  await userEvent.click(page.getByRole('tab', { name: 'Activity' }))
  const failed = page.getByText('Failed to fetch transactions')
  await expect.element(failed).toBeVisible()
  const retry = page.getByRole('tabpanel', { name: 'Activity' }).getByRole('button', { name: 'Try again' })
  await expect.element(retry).toBeEnabled()
  await setFault('ok')
  await userEvent.click(retry)
  await expect.element(failed).not.toBeInTheDocument()
  await expect
    .element(page.getByRole('tabpanel', { name: 'Activity' }).getByRole('list').or(page.getByText('No activity yet')))
    .toBeVisible()
})
