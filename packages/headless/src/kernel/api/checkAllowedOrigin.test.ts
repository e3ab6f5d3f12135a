// The page origin against the project's allow-list, served by the devnet's hosted-services
// emulator (a private one for this file: its switches are this file's alone).
import { type ApiEmulator, startApiEmulator } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { watchAlerts } from '../actions/watchAlerts.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { checkAllowedOrigin } from './checkAllowedOrigin.js'

let api: ApiEmulator
beforeAll(async () => {
  api = await startApiEmulator({ evmRpcUrl: 'http://127.0.0.1:9', solanaRpcUrl: 'http://127.0.0.1:9' })
  api.switches.originsFor = {
    shop: ['https://shop.example', 'https://*.preview.shop.example'],
    empty: [],
  }
})
afterAll(() => api.stop())

function instance(projectId: string | undefined) {
  const portico = createPortico({
    projectId,
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    apiUrls: { api: api.url },
  })
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  return { portico, alerts }
}

test('an origin on the allow-list, exactly or by a wildcard, is allowed; no alert', async () => {
  const { portico, alerts } = instance('shop')
  expect(await checkAllowedOrigin(portico, { origin: 'https://shop.example' })).toBe('allowed')
  expect(await checkAllowedOrigin(portico, { origin: 'https://pr-7.preview.shop.example' })).toBe('allowed')
  // The default list: local development servers are always allowed.
  expect(await checkAllowedOrigin(portico, { origin: 'http://localhost:5173' })).toBe('allowed')
  expect(await checkAllowedOrigin(portico, { origin: 'http://127.0.0.1:4000' })).toBe('allowed')
  expect(alerts.filter((a) => a.code === 'ORIGIN_NOT_ALLOWED')).toEqual([])
})

test('an origin on neither list raises Origin Not Allowed, once', async () => {
  const { portico, alerts } = instance('shop')
  for (const origin of [
    'https://evil.example',
    'https://shop.example.evil.example',
    'https://a.b.preview.shop.example',
  ])
    expect(await checkAllowedOrigin(portico, { origin })).toBe('not-allowed')
  expect(alerts.filter((a) => a.code === 'ORIGIN_NOT_ALLOWED')).toMatchObject([
    { severity: 'error', message: 'Origin Not Allowed', details: expect.stringContaining('https://evil.example') },
  ])
})

test('no list (or no project id) decides nothing: no alert', async () => {
  const empty = instance('empty')
  expect(await checkAllowedOrigin(empty.portico, { origin: 'https://evil.example' })).toBe('unknown')
  const none = instance(undefined)
  expect(await checkAllowedOrigin(none.portico, { origin: 'https://evil.example' })).toBe('unknown')
  expect([...empty.alerts, ...none.alerts].filter((a) => a.code === 'ORIGIN_NOT_ALLOWED')).toEqual([])
})

test('a refused lookup raises Rate Limited or the server error alert, and accuses nobody', async () => {
  const { portico, alerts } = instance('shop')
  try {
    api.switches.origins = 429
    expect(await checkAllowedOrigin(portico, { origin: 'https://evil.example' })).toBe('unknown')
    api.switches.origins = 500
    expect(await checkAllowedOrigin(portico, { origin: 'https://evil.example' })).toBe('unknown')
  } finally {
    api.switches.origins = 'ok'
  }
  expect(alerts.map((a) => a.message)).toEqual(['Rate Limited', 'Server Error loading app configuration'])
})

test('without an origin (a server) nothing is asked', async () => {
  const { portico } = instance('shop')
  expect(typeof window).toBe('undefined')
  expect(await checkAllowedOrigin(portico)).toBe('unknown')
})

test('with the remote configuration off nothing is asked', async () => {
  const portico = createPortico({
    projectId: 'shop',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
    remoteConfig: false,
    apiUrls: { api: api.url },
  })
  expect(await checkAllowedOrigin(portico, { origin: 'https://evil.example' })).toBe('unknown')
})
