import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import type { PorticoOptions } from '../options.js'
import { fetchRemoteFeatures } from './fetchRemoteFeatures.js'
import { getFeatures } from './getFeatures.js'
import { watchAlerts } from './watchAlerts.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 404, {}))
})
afterAll(() => server.close())
afterEach(() => {
  vi.restoreAllMocks()
  server.state.requests.length = 0
})

const remote = {
  features: [
    { id: 'social_login', isEnabled: true, config: ['email', 'google', 'github', 'not-a-provider'] },
    { id: 'swap', isEnabled: false },
    { id: 'onramp', isEnabled: true, config: ['meld'] },
    { id: 'activity', isEnabled: false },
    { id: 'reown_branding', isEnabled: false },
    { id: 'multi_wallet', isEnabled: true },
    { id: 'some_future_feature', isEnabled: true },
  ],
}

function setup(options: Partial<PorticoOptions> = {}) {
  const portico = createPortico({
    projectId: 'test-project',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { api: server.url },
    ...options,
  })
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (a) => alerts.push(a) })
  return { portico, alerts }
}

test('default: the remote configuration replaces local settings, with the info alert', async () => {
  server.state.handler = (_, res) => json(res, 200, remote)
  const { portico, alerts } = setup({ features: { swaps: true, activity: true, send: false } })
  const features = await fetchRemoteFeatures(portico)
  expect(features).toMatchObject({
    email: true,
    socials: ['google', 'github'],
    swaps: false,
    onramp: true,
    activity: false,
    reownBranding: false,
    multiWallet: true,
    // Not remote-configurable: the local setting stays.
    send: false,
  })
  expect(alerts).toMatchObject([
    { code: 'LOCAL_CONFIGURATION_IGNORED', severity: 'info', message: 'Local configuration ignored' },
  ])
  expect(server.state.requests).toHaveLength(1)
  const url = new URL(server.state.requests[0]?.url ?? '', server.url)
  expect(url.pathname).toBe('/appkit/v1/config')
  expect(Object.fromEntries(url.searchParams)).toEqual({
    projectId: 'test-project',
    st: 'portico',
    sv: 'react-portico-0.1.0',
  })
})

test('parameters: keepLocalFeatures keeps local settings over remote ones, no alert', async () => {
  server.state.handler = (_, res) => json(res, 200, remote)
  const { portico, alerts } = setup({ features: { swaps: true }, keepLocalFeatures: true })
  expect(await fetchRemoteFeatures(portico)).toMatchObject({ swaps: true, activity: false })
  expect(alerts).toEqual([])
})

test('behavior: no alert when nothing local was overridden', async () => {
  server.state.handler = (_, res) => json(res, 200, remote)
  const { portico, alerts } = setup()
  await fetchRemoteFeatures(portico)
  expect(alerts).toEqual([])
})

test('behavior: fetched once, even when asked concurrently', async () => {
  server.state.handler = (_, res) => json(res, 200, remote)
  const { portico } = setup()
  await Promise.all([fetchRemoteFeatures(portico), fetchRemoteFeatures(portico), fetchRemoteFeatures(portico)])
  expect(server.state.requests).toHaveLength(1)
})

test.each([
  [429, 'RATE_LIMITED', 'Rate Limited'],
  [500, 'SERVER_ERROR', 'Server Error loading app configuration'],
  [503, 'SERVER_ERROR', 'Server Error loading app configuration'],
  [403, 'INVALID_PROJECT_ID', 'Invalid Project ID'],
])('behavior: HTTP %i keeps local settings and raises %s', async (status, code, message) => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.state.handler = (_, res) => json(res, status, { error: 'x' })
  const { portico, alerts } = setup({ features: { swaps: false } })
  const features = await fetchRemoteFeatures(portico)
  expect(features.swaps).toBe(false)
  expect(features.email).toBe(true)
  expect(alerts).toMatchObject([{ code, message }])
})

test.each([
  ['not JSON', '<html>'],
  ['wrong shape', { features: 'all' }],
  ['feature without isEnabled', { features: [{ id: 'swap' }] }],
])('behavior: a malformed response (%s) keeps local settings and warns', async (_, body) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.state.handler = (_, res) => json(res, 200, body)
  const { portico } = setup({ features: { activity: false } })
  const features = await fetchRemoteFeatures(portico)
  expect(features.activity).toBe(false)
  expect(features.swaps).toBe(true)
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Remote configuration unavailable'), expect.anything())
})

test('behavior: an unreachable service keeps defaults', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { portico } = setup({ apiUrls: { api: 'http://127.0.0.1:1' } })
  expect(await fetchRemoteFeatures(portico)).toEqual(getFeatures(portico))
})

test('behavior: no request without a project id, or with remoteConfig off', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  await fetchRemoteFeatures(setup({ projectId: undefined }).portico)
  await fetchRemoteFeatures(setup({ remoteConfig: false }).portico)
  expect(server.state.requests).toHaveLength(0)
})
