import { afterEach, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { watchAlerts } from './watchAlerts.js'

afterEach(() => vi.restoreAllMocks())

// No project id: the instance raises the spec's 'Project ID Not Configured' while it is created.
const create = () => createPortico({ networks: testNetworks().all, adapters: testAdapters(), storage: null })

test('replays the alerts raised before the listener came, then reports new ones', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = create()
  const seen: Alert[] = []
  const off = watchAlerts(portico, { onAlert: (alert) => seen.push(alert) })
  expect(seen).toEqual([
    expect.objectContaining({
      code: 'PROJECT_ID_NOT_CONFIGURED',
      message: 'Project ID Not Configured',
      severity: 'error',
    }),
  ])
  portico.alerts.emit('RATE_LIMITED')
  expect(seen.map((a) => a.code)).toEqual(['PROJECT_ID_NOT_CONFIGURED', 'RATE_LIMITED'])
  off()
  portico.alerts.emit('SERVER_ERROR')
  expect(seen).toHaveLength(2)
})

test('replay: false reports only alerts raised after subscribing', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = create()
  const seen: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => seen.push(alert), replay: false })
  expect(seen).toEqual([])
  portico.alerts.emit('RATE_LIMITED')
  expect(seen.map((a) => a.code)).toEqual(['RATE_LIMITED'])
})

test('a listener that throws does not keep the alert from the next listener', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const portico = create()
  const seen: Alert[] = []
  watchAlerts(portico, {
    replay: false,
    onAlert: () => {
      throw new Error('host bug')
    },
  })
  watchAlerts(portico, { replay: false, onAlert: (alert) => seen.push(alert) })
  portico.alerts.emit('RATE_LIMITED')
  expect(seen.map((a) => a.code)).toEqual(['RATE_LIMITED'])
  expect(error).toHaveBeenCalled()
})
