// The per-instance alert bus on its own: the catalogue's texts (SPEC §8 'Alerts'), once-only
// delivery of each provider error class, the repeatable notices, the console as last resort, and
// the bounded history. Replay to a late subscriber is watchAlerts.test.ts; the alerts an instance
// raises itself (a missing project id) are createPortico.test.ts and the modules that raise them.
import { afterEach, expect, test, vi } from 'vitest'
import { type Alert, type AlertCode, alertCatalogue, createAlertBus } from './alerts.js'

afterEach(() => vi.restoreAllMocks())

/** A bus with one listener that records what it is given (so nothing reaches the console). */
function recorded() {
  const bus = createAlertBus()
  const seen: Alert[] = []
  const off = bus.subscribe((alert) => seen.push(alert))
  return { bus, seen, off }
}

test("default: the catalogue has the spec's texts and severities; the session notices are warnings", () => {
  expect(alertCatalogue).toMatchObject({
    PROJECT_ID_NOT_CONFIGURED: { severity: 'error', message: 'Project ID Not Configured' },
    INVALID_PROJECT_ID: { severity: 'error', message: 'Invalid Project ID' },
    SERVER_ERROR: { severity: 'error', message: 'Server Error loading app configuration' },
    RATE_LIMITED: { severity: 'error', message: 'Rate Limited' },
    ORIGIN_NOT_ALLOWED: { severity: 'error', message: 'Origin Not Allowed' },
    INVALID_APP_CONFIGURATION: { severity: 'error', message: 'Invalid App Configuration' },
    SESSION_EXPIRED: { severity: 'error', message: 'Session Expired' },
    SWITCH_NETWORK_NOT_FOUND: { severity: 'error', message: 'switch network not found' },
    NETWORK_NOT_FOUND: { severity: 'error', message: 'Network Not Found' },
    TOKEN_BALANCE_UNAVAILABLE: { severity: 'error', message: 'Token Balance Unavailable' },
    // Spec: the info alerts.
    LOCAL_CONFIGURATION_IGNORED: { severity: 'info', message: 'Local configuration ignored' },
    MULTI_WALLET_NOT_ENABLED: { severity: 'info', message: 'Multi-Wallet Not Enabled' },
    WALLET_SESSION_ENDED: { severity: 'warning' },
    WALLET_SESSION_EXPIRED: { severity: 'warning' },
  })
})

test('behavior: an alert of the catalogue carries its severity and text, the details and cause given, and an id that grows', () => {
  const { bus, seen } = recorded()
  const cause = new Error('HTTP 429')
  bus.emit('RATE_LIMITED', { details: 'api.example', cause })
  bus.emit('LOCAL_CONFIGURATION_IGNORED')
  expect(seen).toEqual([
    { id: 1, code: 'RATE_LIMITED', severity: 'error', message: 'Rate Limited', details: 'api.example', cause },
    { id: 2, code: 'LOCAL_CONFIGURATION_IGNORED', severity: 'info', message: 'Local configuration ignored' },
  ])
  expect(bus.history()).toEqual(seen)
})

test("behavior: the embedded wallet's codes are errors whose text is the message passed with them", () => {
  const { bus, seen } = recorded()
  bus.emit('IFRAME_LOAD_FAILED', { message: 'Network Error - Could not load embedded wallet' })
  bus.emit('UNVERIFIED_DOMAIN', { message: 'Unverified Domain', details: 'http://127.0.0.1:5173' })
  expect(seen).toEqual([
    { id: 1, code: 'IFRAME_LOAD_FAILED', severity: 'error', message: 'Network Error - Could not load embedded wallet' },
    {
      id: 2,
      code: 'UNVERIFIED_DOMAIN',
      severity: 'error',
      message: 'Unverified Domain',
      details: 'http://127.0.0.1:5173',
    },
  ])
})

test('behavior: each provider error class is alerted once per instance: a repeat is dropped whole (no id, no history, no console)', () => {
  const { bus, seen, off } = recorded()
  bus.emit('ORIGIN_NOT_ALLOWED', { details: 'first' })
  bus.emit('ORIGIN_NOT_ALLOWED', { details: 'second' })
  bus.emit('IFRAME_REQUEST_TIMEOUT', { message: 'Embedded Wallet Request Timed Out' })
  bus.emit('IFRAME_REQUEST_TIMEOUT', { message: 'Embedded Wallet Request Timed Out' })
  off()
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  bus.emit('ORIGIN_NOT_ALLOWED', { details: 'third, with no listener' })
  expect(warn).not.toHaveBeenCalled()
  expect(seen.map((a) => [a.id, a.code, a.details])).toEqual([
    [1, 'ORIGIN_NOT_ALLOWED', 'first'],
    [2, 'IFRAME_REQUEST_TIMEOUT', undefined],
  ])
  expect(bus.history()).toEqual(seen)
  // Another instance's bus has seen nothing.
  const other = recorded()
  other.bus.emit('ORIGIN_NOT_ALLOWED')
  expect(other.seen.map((a) => [a.id, a.code])).toEqual([[1, 'ORIGIN_NOT_ALLOWED']])
})

test('behavior: the notices about one network, token or wallet session come again each time', () => {
  const { bus, seen } = recorded()
  const repeatable: AlertCode[] = [
    'SWITCH_NETWORK_NOT_FOUND',
    'NETWORK_NOT_FOUND',
    'TOKEN_BALANCE_UNAVAILABLE',
    'MULTI_WALLET_NOT_ENABLED',
    'WALLET_SESSION_ENDED',
    'WALLET_SESSION_EXPIRED',
  ]
  for (const code of repeatable) {
    bus.emit(code, { details: 'one' })
    bus.emit(code, { details: 'two' })
  }
  expect(seen.map((a) => `${a.code}:${a.details}`)).toEqual(
    repeatable.flatMap((code) => [`${code}:one`, `${code}:two`]),
  )
  expect(seen.map((a) => a.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
})

test('behavior: raise alerts the code an error names, with its details and the error as cause, and returns the error; a second raise alerts nothing', () => {
  const { bus, seen } = recorded()
  const error = Object.assign(new Error('Invalid Project ID'), {
    code: 'INVALID_PROJECT_ID' as const,
    details: 'Unauthorized: invalid key',
  })
  expect(bus.raise(error)).toBe(error)
  const again = Object.assign(new Error('again'), { code: 'INVALID_PROJECT_ID' as const, details: undefined })
  expect(bus.raise(again)).toBe(again)
  expect(seen).toEqual([
    {
      id: 1,
      code: 'INVALID_PROJECT_ID',
      severity: 'error',
      message: 'Invalid Project ID',
      details: 'Unauthorized: invalid key',
      cause: error,
    },
  ])
})

test('behavior: with no listener an alert goes to the console (info as info, errors and warnings as warnings), with its details', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})
  const bus = createAlertBus()
  bus.emit('PROJECT_ID_NOT_CONFIGURED', { details: 'Pass `projectId` to createPortico.' })
  bus.emit('WALLET_SESSION_ENDED')
  bus.emit('MULTI_WALLET_NOT_ENABLED')
  expect(warn.mock.calls).toEqual([
    ['[portico] Project ID Not Configured (Pass `projectId` to createPortico.)'],
    ['[portico] The wallet ended the session'],
  ])
  expect(info.mock.calls).toEqual([['[portico] Multi-Wallet Not Enabled']])
  // Still kept for a late subscriber.
  expect(bus.history().map((a) => a.code)).toEqual([
    'PROJECT_ID_NOT_CONFIGURED',
    'WALLET_SESSION_ENDED',
    'MULTI_WALLET_NOT_ENABLED',
  ])
})

test('behavior: while a listener is subscribed the console stays quiet; once it unsubscribes, it gets nothing more and the console speaks again', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { bus, seen, off } = recorded()
  bus.emit('NETWORK_NOT_FOUND')
  expect(warn).not.toHaveBeenCalled()
  off()
  bus.emit('NETWORK_NOT_FOUND', { details: 'eip155:5' })
  expect(seen.map((a) => a.id)).toEqual([1])
  expect(warn.mock.calls).toEqual([['[portico] Network Not Found (eip155:5)']])
})

test('error: a listener that throws is logged, and the alert still reaches the others and the history', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const bus = createAlertBus()
  const thrown = new Error('host bug')
  bus.subscribe(() => {
    throw thrown
  })
  const seen: Alert[] = []
  bus.subscribe((alert) => seen.push(alert))
  bus.emit('SERVER_ERROR')
  expect(seen.map((a) => a.code)).toEqual(['SERVER_ERROR'])
  expect(bus.history().map((a) => a.code)).toEqual(['SERVER_ERROR'])
  expect(error).toHaveBeenCalledExactlyOnceWith('[portico] alert listener threw', thrown)
})

test('edge: the history keeps the last 50 alerts, oldest first, and is a copy the caller cannot change', () => {
  const { bus } = recorded()
  for (let i = 1; i <= 53; i++) bus.emit('NETWORK_NOT_FOUND', { details: `#${i}` })
  const history = bus.history()
  expect(history).toHaveLength(50)
  expect(history[0]).toMatchObject({ id: 4, details: '#4' })
  expect(history.at(-1)).toMatchObject({ id: 53, details: '#53' })
  ;(history as Alert[]).length = 0
  expect(bus.history()).toHaveLength(50)
})
