import { afterAll, beforeAll, expect, test } from 'vitest'
import { json, startHttpServer, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import type { Features } from '../defaults.js'
import { fetchRemoteFeatures } from './fetchRemoteFeatures.js'
import { watchFeatures } from './watchFeatures.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer((_, res) => json(res, 200, { features: [{ id: 'onramp', isEnabled: false }] }))
})
afterAll(() => server.close())

const create = () =>
  createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    apiUrls: { api: server.url },
  })

test('reports the features the remote configuration brings', async () => {
  const portico = create()
  const seen: Features[] = []
  const off = watchFeatures(portico, { onChange: (features) => seen.push(features) })
  await fetchRemoteFeatures(portico)
  expect(seen.at(-1)?.onramp).toBe(false)
  off()
})

test('an unsubscribed listener hears nothing', async () => {
  const portico = create()
  const seen: Features[] = []
  watchFeatures(portico, { onChange: (features) => seen.push(features) })()
  await fetchRemoteFeatures(portico)
  expect(seen).toEqual([])
})
