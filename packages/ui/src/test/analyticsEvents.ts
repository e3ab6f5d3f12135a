// What the devnet's analytics emulator recorded (`POST /e`, read back over real HTTP), for the
// browser tests that check the journey's events on the wire.
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless'
import { sendAnalyticsEvent } from '@portico/headless/internal'
import { expect, inject } from 'vitest'
import { offline } from './offline.js'
import './provided.js'

/** One recorded event: the request's query (projectId, st, sv) and its body. */
export type WireEvent = {
  eventId: string
  url: string
  domain: string
  timestamp: number
  projectId: string
  st: string
  sv: string
  props: { event: string; properties?: Record<string, unknown>; address?: string }
}

/**
 * @internal
 * The events the emulator recorded for one project, in the order it received them.
 *
 * @example
 * const names = (await eventsOf('my-test')).map((e) => e.props.event)
 */
export async function eventsOf(projectId: string): Promise<WireEvent[]> {
  const response = await fetch(`${inject('devnet').apiUrl}/__devnet/analytics`)
  return ((await response.json()) as { events: WireEvent[] }).events.filter((e) => e.projectId === projectId)
}

/**
 * @internal
 * Waits until the project's events among `names` are exactly `expected`, in order, and returns them.
 *
 * @example
 * const [pending, done] = await expectSteps('my-test', ['SEND_INITIATED', 'SEND_SUCCESS'])
 */
export async function expectSteps(
  projectId: string,
  expected: readonly string[],
  names: readonly string[] = expected,
): Promise<WireEvent[]> {
  const among = async () => (await eventsOf(projectId)).filter((e) => names.includes(e.props.event))
  await expect.poll(async () => (await among()).map((e) => e.props.event), { timeout: 30_000 }).toEqual(expected)
  return among()
}

/**
 * @internal
 * Checks that the emulator recorded nothing for a project whose analytics is off, once a marker has
 * been recorded: the marker is sent after the test's steps, by an instance with analytics on, and
 * asks its project's configuration first, so it lands after anything the project had sent (had
 * analytics been on). Without it, an event still on its way would pass unseen.
 *
 * @example
 * await expectNothingSent('my-off-test')
 */
export async function expectNothingSent(projectId: string): Promise<void> {
  const devnet = inject('devnet')
  const marker = createPortico({
    ...offline,
    projectId: `${projectId}-marker`,
    networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: devnet.evmRpcUrl })],
    adapters: [eip155Adapter()],
    features: { analytics: true },
    apiUrls: { api: devnet.apiUrl, analytics: devnet.apiUrl },
  })
  // Resolves once the emulator answered: the marker is recorded.
  expect(await sendAnalyticsEvent(marker, { event: 'MODAL_CLOSE' })).toBe(true)
  expect(await eventsOf(projectId)).toEqual([])
}
