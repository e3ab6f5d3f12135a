import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { watchAlerts } from '../actions/watchAlerts.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { sendAnalyticsEvent } from './analytics.js'
import { fetchAllowedOrigins, fetchAnalyticsEnabled } from './projectApi.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
const bodies: unknown[] = []
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => server.close())
afterEach(() => {
  server.state.requests.length = 0
  bodies.length = 0
  vi.restoreAllMocks()
})

const portico = (options: { projectId?: string; analytics?: boolean } = {}) =>
  createPortico({
    projectId: 'projectId' in options ? options.projectId : 'p1',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    features: { analytics: options.analytics ?? true },
    apiUrls: { api: server.url, analytics: `${server.url}/pulse` },
  })

function route(handlers: Record<string, [number, unknown]>) {
  server.state.handler = (req, res) => {
    const path = new URL(req.url ?? '/', server.url).pathname
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      if (chunks.length) bodies.push(JSON.parse(Buffer.concat(chunks).toString()))
      const [status, body] = handlers[path] ?? [404, {}]
      json(res, status, body)
    })
  }
}

test('origins: the list on success; 429 RATE_LIMITED, 500+ SERVER_ERROR, anything else empty', async () => {
  route({ '/projects/v1/origins': [200, { allowedOrigins: ['https://*.example.com'] }] })
  expect(await fetchAllowedOrigins(portico())).toEqual(['https://*.example.com'])
  route({ '/projects/v1/origins': [429, {}] })
  await expect(fetchAllowedOrigins(portico())).rejects.toMatchObject({
    code: 'RATE_LIMITED',
    shortMessage: 'Rate Limited',
  })
  route({ '/projects/v1/origins': [503, {}] })
  await expect(fetchAllowedOrigins(portico())).rejects.toMatchObject({ code: 'SERVER_ERROR' })
  for (const [status, body] of [
    [403, {}],
    [404, {}],
    [200, { allowedOrigins: 'all' }],
    [200, '<html>'],
  ] as const) {
    route({ '/projects/v1/origins': [status, body] })
    expect(await fetchAllowedOrigins(portico())).toEqual([])
  }
  expect(new URL(server.state.requests[0]?.url ?? '', server.url).searchParams.get('projectId')).toBe('p1')
})

test('analytics config: true only when the service says so; failures mean off', async () => {
  route({ '/getAnalyticsConfig': [200, { isAnalyticsEnabled: true }] })
  expect(await fetchAnalyticsEnabled(portico())).toBe(true)
  route({ '/getAnalyticsConfig': [500, {}] })
  expect(await fetchAnalyticsEnabled(portico())).toBe(false)
  route({ '/getAnalyticsConfig': [200, { isAnalyticsEnabled: 'yes' }] })
  expect(await fetchAnalyticsEnabled(portico())).toBe(false)
})

test('analytics: POST /e with the spec query and body; MODAL_CREATED skipped', async () => {
  route({ '/getAnalyticsConfig': [200, { isAnalyticsEnabled: true }], '/pulse/e': [202, {}] })
  const instance = portico()
  expect(await sendAnalyticsEvent(instance, { event: 'MODAL_CREATED' })).toBe(false)
  expect(await sendAnalyticsEvent(instance, { event: 'MODAL_OPEN', properties: { connected: false } }, '0xabc')).toBe(
    true,
  )
  const post = server.state.requests.find((r) => r.method === 'POST')
  const url = new URL(post?.url ?? '', server.url)
  expect(url.pathname).toBe('/pulse/e')
  expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p1', st: 'portico', sv: 'react-portico-0.1.0' })
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toMatchObject({
    url: '',
    domain: '',
    props: { event: 'MODAL_OPEN', properties: { connected: false }, address: '0xabc' },
  })
  expect(typeof (bodies[0] as { eventId: unknown }).eventId).toBe('string')
  expect(typeof (bodies[0] as { timestamp: unknown }).timestamp).toBe('number')
  // The config is asked once per instance.
  await sendAnalyticsEvent(instance, { event: 'CONNECT_SUCCESS' })
  expect(server.state.requests.filter((r) => r.url.startsWith('/getAnalyticsConfig'))).toHaveLength(1)
})

test('analytics: events sent one after the other arrive in their order, even when the first answer is slow', async () => {
  const held: (() => void)[] = []
  const order: string[] = []
  server.state.handler = (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      if (new URL(req.url ?? '/', server.url).pathname === '/getAnalyticsConfig')
        return json(res, 200, { isAnalyticsEnabled: true })
      const event = JSON.parse(Buffer.concat(chunks).toString()).props.event as string
      order.push(event)
      // The first event's answer waits until the test lets it go.
      if (event === 'SIGN_MESSAGE') held.push(() => json(res, 202, {}))
      else json(res, 202, {})
    })
  }
  const instance = portico()
  const first = sendAnalyticsEvent(instance, { event: 'SIGN_MESSAGE' })
  const second = sendAnalyticsEvent(instance, { event: 'SIGN_MESSAGE_SUCCESS' })
  await vi.waitFor(() => expect(held).toHaveLength(1))
  // The second is not on the wire while the first is unanswered: an event of another instance, sent
  // after it, arrives and the second still has not.
  expect(await sendAnalyticsEvent(portico(), { event: 'MODAL_OPEN' })).toBe(true)
  expect(order).toEqual(['SIGN_MESSAGE', 'MODAL_OPEN'])
  held[0]?.()
  expect(await Promise.all([first, second])).toEqual([true, true])
  expect(order).toEqual(['SIGN_MESSAGE', 'MODAL_OPEN', 'SIGN_MESSAGE_SUCCESS'])
})

test('analytics off (feature, project config, or no project id): not a single request', async () => {
  route({ '/getAnalyticsConfig': [200, { isAnalyticsEnabled: false }], '/pulse/e': [202, {}] })
  expect(await sendAnalyticsEvent(portico({ analytics: false }), { event: 'MODAL_OPEN' })).toBe(false)
  expect(server.state.requests).toHaveLength(0)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  expect(await sendAnalyticsEvent(portico({ projectId: undefined }), { event: 'MODAL_OPEN' })).toBe(false)
  expect(server.state.requests).toHaveLength(0)
  expect(await sendAnalyticsEvent(portico(), { event: 'MODAL_OPEN' })).toBe(false)
  expect(server.state.requests.map((r) => new URL(r.url, server.url).pathname)).toEqual(['/getAnalyticsConfig'])
})

test("analytics 403: 'Invalid App Configuration', shown once", async () => {
  route({ '/getAnalyticsConfig': [200, { isAnalyticsEnabled: true }], '/pulse/e': [403, {}] })
  const instance = portico()
  const alerts: Alert[] = []
  watchAlerts(instance, { onAlert: (a) => alerts.push(a) })
  await sendAnalyticsEvent(instance, { event: 'MODAL_OPEN' })
  await sendAnalyticsEvent(instance, { event: 'MODAL_CLOSE' })
  expect(alerts).toMatchObject([{ code: 'INVALID_APP_CONFIGURATION', message: 'Invalid App Configuration' }])
})
