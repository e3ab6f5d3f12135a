// The spec's "retry after 1 s" of a pairing offer, with the real SDK against the devnet relay
// (src/test/walletConnectSuite.ts): the relay loses what the dapp sends (its `drop` switch), so
// the SDK's proposal is never acknowledged and its connect() fails once its publish times out.
// The clock is fake (setTimeout only) so the SDK's one-minute publish timeout and the 1 s retry
// pass at once; the sockets, the relay and both SDKs are real.
import { afterEach, expect, test, vi } from 'vitest'
import { connect } from '../../kernel/actions/connect.js'
import { accountOf, nextUri, signClientOf, wcConnector } from '../../test/walletConnect.js'
import { walletConnectSuite } from '../../test/walletConnectSuite.js'
import { getWalletConnectUri } from './getWalletConnectUri.js'

const suite = walletConnectSuite()
const { createDapp, createWallet } = suite

/** The spec's values, written out: the test holds the defaults to them. */
const pairingRetryMs = 1_000
const pairingAttempts = 3

afterEach(() => {
  vi.useRealTimers()
})

/**
 * The dapp's started sign client, with its connect() and the proposals it hands the relay
 * observed (not changed): `proposed()` resolves once the next `wc_proposeSession` is on its way.
 */
async function observedClient(portico: Parameters<typeof signClientOf>[0]) {
  const client = await signClientOf(portico)
  const sdkConnect = vi.spyOn(client, 'connect')
  const request = client.core.relayer.request.bind(client.core.relayer)
  let onProposal: (() => void) | undefined
  vi.spyOn(client.core.relayer, 'request').mockImplementation((payload) => {
    if (payload.method === 'wc_proposeSession') onProposal?.()
    return request(payload)
  })
  const proposed = () =>
    new Promise<void>((resolve) => {
      onProposal = resolve
    })
  return { client, sdkConnect, proposed }
}

/** Lets the promise chains that wait on nothing but each other run out (a macrotask, which the fake clock does not hold). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Moves the fake clock from one timer to the next until `promise` has settled, and no further: the
 * retry's own timer, set once it has, is left for the test to pass.
 */
async function advanceUntilSettled(promise: Promise<unknown> | undefined) {
  let settled = false
  promise?.then(
    () => {
      settled = true
    },
    () => {
      settled = true
    },
  )
  await settle()
  for (let step = 0; !settled; step++) {
    if (step === 1_000) throw new Error('the SDK never gave up on the proposal')
    await vi.advanceTimersToNextTimerAsync()
    await settle()
  }
}

/** Passes `ms` of the fake clock, then lets what its timers started run. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
}

test('behavior: an offer whose proposal the relay loses is made again after 1 s; the wallet pairs with the new one', async () => {
  const { portico } = createDapp()
  const { sdkConnect, proposed } = await observedClient(portico)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  suite.relay.switches.drop = true
  const dropped = suite.relay.stats().dropped
  const firstProposal = proposed()
  const firstShown = nextUri(portico)
  const connecting = connect(portico, { connector: wcConnector(portico) })
  connecting.catch(() => {}) // awaited below
  const first = await firstShown
  await firstProposal
  // The frame reaching the relay is real I/O: the relay has lost it once its counter says so.
  await vi.waitFor(() => expect(suite.relay.stats().dropped).toBeGreaterThan(dropped))
  await advanceUntilSettled(sdkConnect.mock.results[0]?.value)
  await expect(sdkConnect.mock.results[0]?.value).rejects.toThrow('Failed to publish custom payload')
  // The failed offer's URI is no longer shown; nothing is offered until the retry.
  expect(getWalletConnectUri(portico)).toBeUndefined()
  suite.relay.switches.drop = false

  // Made again after the spec's 1 s, not before.
  const secondProposal = proposed()
  const shown = nextUri(portico)
  await advance(pairingRetryMs - 1)
  expect(sdkConnect).toHaveBeenCalledTimes(1)
  await advance(1)
  expect(sdkConnect).toHaveBeenCalledTimes(2)
  await secondProposal
  vi.useRealTimers()

  const uri = await shown
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(uri).not.toBe(first)
  const wallet = await createWallet()
  await wallet.pair(uri)
  await connecting
  expect(accountOf(portico, 'eip155')?.status).toBe('connected')
  expect(sdkConnect).toHaveBeenCalledTimes(2)
}, 60_000)

test('behavior: after 3 offers the relay lost, connect rejects with "Failed to connect", its cause the SDK\'s', async () => {
  const { portico } = createDapp()
  const { sdkConnect } = await observedClient(portico)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  suite.relay.switches.drop = true
  const dropped = suite.relay.stats().dropped
  const connecting = connect(portico, { connector: wcConnector(portico) })
  connecting.catch(() => {}) // awaited below
  for (let attempt = 1; attempt <= pairingAttempts; attempt++) {
    await settle()
    expect(sdkConnect).toHaveBeenCalledTimes(attempt)
    await advanceUntilSettled(sdkConnect.mock.results[attempt - 1]?.value)
    await expect(sdkConnect.mock.results[attempt - 1]?.value).rejects.toThrow('Failed to publish custom payload')
    if (attempt < pairingAttempts) {
      await advance(pairingRetryMs - 1)
      expect(sdkConnect).toHaveBeenCalledTimes(attempt)
      await advance(1)
    }
  }
  // Given up on at once, with no further offer under way.
  const error = await Promise.race([
    connecting.then(
      () => 'connected',
      (e: unknown) => e,
    ),
    settle().then(() => 'still trying'),
  ])
  expect(error).toMatchObject({ name: 'FailedToConnectError', shortMessage: 'Failed to connect' })
  expect(((error as Error).cause as Error).message).toContain('Failed to publish custom payload')
  expect(suite.relay.stats().dropped).toBeGreaterThan(dropped)
  // No fourth offer, and nothing left on show.
  await advance(pairingRetryMs)
  expect(sdkConnect).toHaveBeenCalledTimes(pairingAttempts)
  expect(getWalletConnectUri(portico)).toBeUndefined()
  expect(accountOf(portico, 'eip155')?.status).toBe('disconnected')
}, 60_000)
