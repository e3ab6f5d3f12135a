/**
 * Alerts are the user-visible, non-throwing problems and notices of the spec: the UI
 * shows them, headless hosts subscribe. They are not errors: nothing is thrown for them.
 */
export const alertCatalogue = {
  PROJECT_ID_NOT_CONFIGURED: { severity: 'error', message: 'Project ID Not Configured' },
  INVALID_PROJECT_ID: { severity: 'error', message: 'Invalid Project ID' },
  SERVER_ERROR: { severity: 'error', message: 'Server Error loading app configuration' },
  RATE_LIMITED: { severity: 'error', message: 'Rate Limited' },
  ORIGIN_NOT_ALLOWED: { severity: 'error', message: 'Origin Not Allowed' },
  INVALID_APP_CONFIGURATION: { severity: 'error', message: 'Invalid App Configuration' },
  SESSION_EXPIRED: { severity: 'error', message: 'Session Expired' },
  SWITCH_NETWORK_NOT_FOUND: { severity: 'error', message: 'switch network not found' },
  NETWORK_NOT_FOUND: { severity: 'error', message: 'Network Not Found' },
  INTERNAL_SDK_ERROR: { severity: 'error', message: 'Internal SDK error' },
  TOKEN_BALANCE_UNAVAILABLE: { severity: 'error', message: 'Token Balance Unavailable' },
  LOCAL_CONFIGURATION_IGNORED: { severity: 'info', message: 'Local configuration ignored' },
  MULTI_WALLET_NOT_ENABLED: { severity: 'info', message: 'Multi-Wallet Not Enabled' },
  // The user did not disconnect: the wallet did (or the session ran out), so they are told why
  // their account went away. Warnings, not errors: nothing failed on the app's side.
  WALLET_SESSION_ENDED: { severity: 'warning', message: 'The wallet ended the session' },
  WALLET_SESSION_EXPIRED: { severity: 'warning', message: 'The wallet session expired' },
} as const satisfies Record<string, { severity: AlertSeverity; message: string }>

/**
 * The embedded wallet's alerts: errors whose text is the message of the feature's own error (the
 * frame did not load, a login request timed out, the page's origin is not allowed), passed with
 * the alert. The catalogue above is read at page start; these texts load with the feature.
 */
export type FeatureAlertCode = 'IFRAME_LOAD_FAILED' | 'IFRAME_REQUEST_TIMEOUT' | 'UNVERIFIED_DOMAIN'
export type AlertCode = keyof typeof alertCatalogue | FeatureAlertCode
export type AlertSeverity = 'error' | 'warning' | 'info'

/** One alert as delivered to listeners. */
export type Alert = {
  /** Increases with every alert of an instance: lets a listener that replays history skip what it showed. */
  id: number
  code: AlertCode
  severity: AlertSeverity
  message: string
  details?: string | undefined
  cause?: unknown
}

export type AlertListener = (alert: Alert) => void

/** @internal The per-instance alert bus. */
export type AlertBus = {
  /** A {@link FeatureAlertCode} passes its `message` (an error, severity 'error'). */
  emit(code: AlertCode, extra?: { details?: string | undefined; cause?: unknown; message?: string }): void
  /** Emits the alert an error names by its `code` (with its details, the error as cause); returns the error to throw. */
  raise<E extends { code: AlertCode; details?: string | undefined }>(error: E): E
  subscribe(listener: AlertListener): () => void
  /** Alerts emitted so far, oldest first (bounded), so a late subscriber (the lazily loaded UI) sees them. */
  history(): readonly Alert[]
}

// The spec shows each provider error class only once (the project id, the remote configuration,
// the allow-list, the embedded wallet's frame and session): repeating them on every retry would
// bury the UI. So every code is once-only per instance except these notices, which are about one
// network, token or wallet session and may come again for the next one.
const repeatable = new Set<AlertCode>([
  'SWITCH_NETWORK_NOT_FOUND',
  'NETWORK_NOT_FOUND',
  'TOKEN_BALANCE_UNAVAILABLE',
  'MULTI_WALLET_NOT_ENABLED',
  'WALLET_SESSION_ENDED',
  'WALLET_SESSION_EXPIRED',
])

const historyLimit = 50

/** @internal */
export function createAlertBus(): AlertBus {
  const listeners = new Set<AlertListener>()
  const seen = new Set<AlertCode>()
  const past: Alert[] = []
  let nextId = 1
  const bus: AlertBus = {
    raise(error) {
      bus.emit(error.code, { details: error.details, cause: error })
      return error
    },
    emit(code, extra) {
      if (!repeatable.has(code) && seen.has(code)) return
      seen.add(code)
      const known: Partial<Pick<Alert, 'severity' | 'message'>> | undefined =
        alertCatalogue[code as keyof typeof alertCatalogue]
      const alert: Alert = { id: nextId++, code, severity: 'error', message: '', ...known, ...extra }
      past.push(alert)
      if (past.length > historyLimit) past.shift()
      // With no listener an alert would vanish; the console is the last resort so a headless host
      // still learns about e.g. a missing project id.
      if (listeners.size === 0) {
        const log = alert.severity === 'info' ? console.info : console.warn
        log(`[portico] ${alert.message}${alert.details ? ` (${alert.details})` : ''}`)
      }
      for (const listener of listeners) {
        try {
          listener(alert)
        } catch (error) {
          console.error('[portico] alert listener threw', error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    history: () => past.slice(),
  }
  return bus
}
