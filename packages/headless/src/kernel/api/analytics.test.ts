// sendAnalyticsEvent's rules beyond the happy path, against a real loopback server: INITIALIZE is
// sent when only the project's configuration says off, a failed or refused event never throws nor
// holds up the next, the project's configuration is asked once even by events sent side by side,
// and an event keeps the time it was sent at while it waits its turn. The request's query and body,
// the order of events, MODAL_CREATED, "off means not a single request" and the 403 alert are
// projectApi.test.ts.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, offlinePortico, startHttpServer } from '../../test/fixtures.js'
import { sendAnalyticsEvent } from './analytics.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
/** The events the server was sent, in order of arrival, with their timestamps. */
const events: { event: string; timestamp: number }[] = []
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  events.length = 0
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** An instance whose hosted services are the server (analytics under /pulse). */
const instance = (name: string, overrides: Parameters<typeof offlinePortico>[1] = {}) =>
  offlinePortico(name, { apiUrls: { api: server.url, analytics: `${server.url}/pulse` }, ...overrides })

/**
 * The server answers the analytics configuration with `enabled` and each event with 202, or 500
 * for `refuse` (and holds the answer of `hold` until the test releases it).
 */
function serve({ enabled, refuse, hold }: { enabled: boolean; refuse?: string; hold?: string }) {
  const held: (() => void)[] = []
  server.state.handler = (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', server.url).pathname
      if (path === '/getAnalyticsConfig') return json(res, 200, { isAnalyticsEnabled: enabled })
      if (path !== '/pulse/e') return json(res, 404, {})
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { timestamp: number; props: { event: string } }
      events.push({ event: body.props.event, timestamp: body.timestamp })
      const status = body.props.event === refuse ? 500 : 202
      if (body.props.event === hold) held.push(() => json(res, status, {}))
      else json(res, status, {})
    })
  }
  return held
}

const paths = () => server.state.requests.map((r) => `${r.method} ${new URL(r.url, server.url).pathname}`)

test("behavior: INITIALIZE is sent though the project's configuration says off, without asking it; other events then ask once and are not sent", async () => {
  serve({ enabled: false })
  const portico = instance('analytics-initialize')
  expect(await sendAnalyticsEvent(portico, { event: 'INITIALIZE', properties: { version: '1' } })).toBe(true)
  expect(paths()).toEqual(['POST /pulse/e'])
  expect(await sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' })).toBe(false)
  expect(await sendAnalyticsEvent(portico, { event: 'MODAL_CLOSE' })).toBe(false)
  expect(paths()).toEqual(['POST /pulse/e', 'GET /getAnalyticsConfig'])
  expect(events.map((e) => e.event)).toEqual(['INITIALIZE'])
})

test("edge: with the host's analytics feature off, not even INITIALIZE is sent", async () => {
  serve({ enabled: true })
  const portico = instance('analytics-initialize-off', { features: { analytics: false } })
  expect(await sendAnalyticsEvent(portico, { event: 'INITIALIZE' })).toBe(false)
  expect(server.state.requests).toEqual([])
})

test('behavior: events sent side by side ask the project configuration once', async () => {
  serve({ enabled: true })
  const portico = instance('analytics-config-once')
  expect(
    await Promise.all([
      sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' }),
      sendAnalyticsEvent(portico, { event: 'SELECT_WALLET' }),
      sendAnalyticsEvent(portico, { event: 'CONNECT_SUCCESS' }),
    ]),
  ).toEqual([true, true, true])
  expect(paths().filter((p) => p.endsWith('/getAnalyticsConfig'))).toHaveLength(1)
  expect(events.map((e) => e.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS'])
})

test('error: an event the service refuses (500) resolves false, and the next is still sent', async () => {
  serve({ enabled: true, refuse: 'MODAL_OPEN' })
  const portico = instance('analytics-500')
  expect(await sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' })).toBe(false)
  expect(await sendAnalyticsEvent(portico, { event: 'MODAL_CLOSE' })).toBe(true)
  expect(events.map((e) => e.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
})

test('error: with the analytics service unreachable an event resolves false, never throws, and raises no alert', async () => {
  const closed = await startHttpServer((_, res) => json(res, 200, {}))
  await closed.close()
  const portico = offlinePortico('analytics-refused', { apiUrls: { api: closed.url, analytics: closed.url } })
  // INITIALIZE does not ask the (equally unreachable) configuration: it goes straight to the service.
  await expect(sendAnalyticsEvent(portico, { event: 'INITIALIZE' })).resolves.toBe(false)
  // The configuration cannot be read: off, so nothing is sent.
  await expect(sendAnalyticsEvent(portico, { event: 'MODAL_OPEN' })).resolves.toBe(false)
  expect(portico.alerts.history()).toEqual([])
})

test('behavior: an event keeps the time it was sent at while it waits for the one before it', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const held = serve({ enabled: true, hold: 'SIGN_MESSAGE' })
  const portico = instance('analytics-timestamp')
  vi.setSystemTime(1_000)
  const first = sendAnalyticsEvent(portico, { event: 'SIGN_MESSAGE' })
  await vi.waitFor(() => expect(held).toHaveLength(1))
  vi.setSystemTime(5_000)
  const second = sendAnalyticsEvent(portico, { event: 'SIGN_MESSAGE_SUCCESS' })
  // The answer to the first comes later; the second goes out only then.
  vi.setSystemTime(9_000)
  held[0]?.()
  expect(await Promise.all([first, second])).toEqual([true, true])
  expect(events).toEqual([
    { event: 'SIGN_MESSAGE', timestamp: 1_000 },
    { event: 'SIGN_MESSAGE_SUCCESS', timestamp: 5_000 },
  ])
})
