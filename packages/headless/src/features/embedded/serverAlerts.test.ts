import { expect, test } from 'vitest'
import { watchAlerts } from '../../kernel/actions/watchAlerts.js'
import type { Alert } from '../../kernel/alerts.js'
import { createPortico } from '../../kernel/createPortico.js'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { alertServerMessage } from './serverAlerts.js'

// The auth server's own messages (packages/auth's `serverMessages`), as the frame relays them.
test('the auth server’s origin, key and session messages raise their alerts; others none', () => {
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: null,
    walletConnect: false,
  })
  const alerts: Alert[] = []
  watchAlerts(portico, { onAlert: (alert) => alerts.push(alert) })
  expect(alertServerMessage(portico, 'Unauthorized: origin not allowed')).toBe('ORIGIN_NOT_ALLOWED')
  expect(alertServerMessage(portico, 'Unauthorized: invalid key')).toBe('INVALID_PROJECT_ID')
  expect(alertServerMessage(portico, 'JWT validation error: JWT Token is not yet valid')).toBe('SESSION_EXPIRED')
  expect(alertServerMessage(portico, 'Invalid OTP')).toBeUndefined()
  expect(alerts.map((a) => [a.message, a.details])).toEqual([
    ['Origin Not Allowed', 'Unauthorized: origin not allowed'],
    ['Invalid Project ID', 'Unauthorized: invalid key'],
    ['Session Expired', 'JWT validation error: JWT Token is not yet valid'],
  ])
  // Shown once: 'Origin Not Allowed' and 'Invalid Project ID' are once-only alerts.
  alertServerMessage(portico, 'Unauthorized: origin not allowed')
  expect(alerts).toHaveLength(3)
})
