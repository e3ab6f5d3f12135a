import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { defaultFeatures } from '../defaults.js'
import type { PorticoOptions } from '../options.js'
import { fetchRemoteFeatures } from './fetchRemoteFeatures.js'
import { getFeatures } from './getFeatures.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 200, { features: [{ id: 'swap', isEnabled: false }] }))
})
afterAll(() => server.close())

const create = (options: Partial<PorticoOptions> = {}) =>
  createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { api: server.url },
    ...options,
  })

test('reads the spec’s defaults before any configuration loads', () => {
  expect(getFeatures(create())).toEqual(defaultFeatures)
})

test('reads the app’s local settings over the defaults, without a request', () => {
  const before = server.state.requests.length
  const features = getFeatures(create({ features: { swaps: false, send: false } }))
  expect(features).toMatchObject({ swaps: false, send: false, onramp: defaultFeatures.onramp })
  expect(server.state.requests).toHaveLength(before)
})

test('reads the remote configuration once it has loaded', async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  const portico = create()
  expect(getFeatures(portico).swaps).toBe(true)
  await fetchRemoteFeatures(portico)
  expect(getFeatures(portico).swaps).toBe(false)
  vi.restoreAllMocks()
})
