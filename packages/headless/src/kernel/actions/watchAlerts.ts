import type { AlertListener } from '../alerts.js'
import type { Portico } from '../portico.js'

export type WatchAlertsParameters = {
  onAlert: AlertListener
  /** Also deliver the alerts raised before subscribing (e.g. 'Project ID Not Configured'). Default `true`. */
  replay?: boolean | undefined
}

/**
 * Subscribes to alerts (the spec): 'Project ID Not Configured', 'switch network not found',
 * 'Local configuration ignored' and the rest. While nothing subscribes, alerts go to the console.
 *
 * @example
 * watchAlerts(portico, { onAlert: ({ severity, message }) => toast(severity, message) })
 */
export function watchAlerts(portico: Portico, { onAlert, replay = true }: WatchAlertsParameters): () => void {
  if (replay) for (const alert of portico.alerts.history()) onAlert(alert)
  return portico.alerts.subscribe(onAlert)
}
