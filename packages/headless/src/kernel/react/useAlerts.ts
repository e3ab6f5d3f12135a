'use client'
import { useEffect, useRef } from 'react'
import { watchAlerts } from '../actions/watchAlerts.js'
import type { AlertListener } from '../alerts.js'
import { usePortico } from './usePortico.js'

/**
 * Calls `onAlert` for every alert ('Project ID Not Configured', 'switch network not found', …),
 * including those raised before the component mounted.
 *
 * @example
 * useAlerts((alert) => toast(alert.severity, alert.message))
 */
export function useAlerts(onAlert: AlertListener) {
  const { portico } = usePortico('useAlerts')
  const latest = useRef(onAlert)
  latest.current = onAlert
  useEffect(() => watchAlerts(portico, { onAlert: (alert) => latest.current(alert) }), [portico])
}
