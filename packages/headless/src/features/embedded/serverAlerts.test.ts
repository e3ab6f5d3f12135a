import { expect, test } from 'vitest'
import { watchAlerts } from '../../kernel/actions/watchAlerts.js'
import type { Alert } from '../../kernel/alerts.js'
import { createPortico } from '../../kernel/createPortico.js'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import {
  EmbeddedWalletError,
  EmbeddedWalletLoadError,
  EmbeddedWalletTimeoutError,
  EmbeddedWalletUnverifiedDomainError,
} from './errors.js'
import { alertFrameError, alertServerMessage } from './serverAlerts.js'

/** A Portico whose alerts are collected. */
function watched() {
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
  })
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  return { portico, alerts }
}

// The auth server's own messages (packages/auth's `serverMessages`), as the frame relays them.
test('the auth server’s origin, key and session messages raise their alerts; others none', () => {
  const { portico, alerts } = watched()
  expect(alertServerMessage(portico, 'Unauthorized: origin not allowed')).toBe('ORIGIN_NOT_ALLOWED')
  expect(alertServerMessage(portico, 'Unauthorized: invalid key')).toBe('INVALID_PROJECT_ID')
  expect(alertServerMessage(portico, 'JWT validation error: JWT Token is not yet valid')).toBe('SESSION_EXPIRED')
  expect(alertServerMessage(portico, 'Invalid OTP')).toBeUndefined()
  // A session signed out (here or on another device) is not an expired one: no alert.
  expect(alertServerMessage(portico, 'Session signed out')).toBeUndefined()
  expect(alerts.map((a) => [a.message, a.details])).toEqual([
    ['Origin Not Allowed', 'Unauthorized: origin not allowed'],
    ['Invalid Project ID', 'Unauthorized: invalid key'],
    ['Session Expired', 'JWT validation error: JWT Token is not yet valid'],
  ])
  // Shown once: 'Origin Not Allowed' and 'Invalid Project ID' are once-only alerts.
  alertServerMessage(portico, 'Unauthorized: origin not allowed')
  expect(alerts).toHaveLength(3)
})

test('the frame’s own failures raise the spec’s alerts under their codes; its server messages go through the server’s', () => {
  const { portico, alerts } = watched()
  expect(alertFrameError(portico, new EmbeddedWalletLoadError({ frameUrl: 'https://secure.example' }))).toBe(
    'IFRAME_LOAD_FAILED',
  )
  expect(alertFrameError(portico, new EmbeddedWalletTimeoutError({ request: 'CONNECT_EMAIL' }))).toBe(
    'IFRAME_REQUEST_TIMEOUT',
  )
  const unverified = new EmbeddedWalletUnverifiedDomainError({
    origin: 'https://shop.example',
    request: 'CONNECT_EMAIL',
  })
  expect(alertFrameError(portico, unverified)).toBe('UNVERIFIED_DOMAIN')
  const jwt = new EmbeddedWalletError({ message: 'JWT validation error: expired', code: 401, request: 'GET_USER' })
  expect(alertFrameError(portico, jwt)).toBe('SESSION_EXPIRED')
  expect(
    alertFrameError(portico, new EmbeddedWalletError({ message: 'Invalid OTP', code: 400, request: 'CONNECT_OTP' })),
  ).toBeUndefined()
  expect(alerts.map((a) => [a.code, a.message])).toEqual([
    ['IFRAME_LOAD_FAILED', 'Network Error - Could not load embedded wallet'],
    ['IFRAME_REQUEST_TIMEOUT', 'Embedded Wallet Request Timed Out'],
    ['UNVERIFIED_DOMAIN', 'Unverified Domain'],
    ['SESSION_EXPIRED', 'Session Expired'],
  ])
  expect(alerts[0]?.details).toBe('No ready message from https://secure.example.')
  expect(alerts[2]?.cause).toBe(unverified)
})

test('behavior: the frame’s failures and a refused session are each alerted once per instance', () => {
  const { portico, alerts } = watched()
  const raiseAll = (target: typeof portico) => {
    alertFrameError(target, new EmbeddedWalletLoadError({ frameUrl: 'https://secure.example' }))
    alertFrameError(target, new EmbeddedWalletTimeoutError({ request: 'CONNECT_EMAIL' }))
    alertServerMessage(target, 'JWT validation error: JWT Token is not yet valid')
    alertFrameError(
      target,
      new EmbeddedWalletError({
        message: 'JWT validation error: JWT Token has expired',
        code: 401,
        request: 'GET_USER',
      }),
    )
  }
  raiseAll(portico)
  raiseAll(portico)
  expect(alerts.map((a) => a.code)).toEqual(['IFRAME_LOAD_FAILED', 'IFRAME_REQUEST_TIMEOUT', 'SESSION_EXPIRED'])
  // A notice about one wallet session still comes again for the next one.
  portico.alerts.emit('WALLET_SESSION_ENDED')
  portico.alerts.emit('WALLET_SESSION_ENDED')
  expect(alerts.filter((a) => a.code === 'WALLET_SESSION_ENDED')).toHaveLength(2)
  // Once per instance, not per page: another Portico on the page tells its own user.
  const other = watched()
  raiseAll(other.portico)
  expect(other.alerts.map((a) => a.code)).toEqual(['IFRAME_LOAD_FAILED', 'IFRAME_REQUEST_TIMEOUT', 'SESSION_EXPIRED'])
})
