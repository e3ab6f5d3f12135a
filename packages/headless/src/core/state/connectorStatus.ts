import { InvalidConnectionStatusError } from '../errors/connection.js'

/** Per-connector status of a multi-wallet connection (spec section 4). */
export type ConnectorConnectionStatus = 'connected' | 'active' | 'disconnected'

/**
 * Checks a per-connector status read from anywhere untrusted (storage, a wallet). Any value other
 * than connected, active or disconnected throws 'Invalid connection status'.
 *
 * @example
 * assertConnectionStatus('active') // ok
 * assertConnectionStatus('pending') // throws InvalidConnectionStatusError
 */
export function assertConnectionStatus(status: unknown): asserts status is ConnectorConnectionStatus {
  if (status !== 'connected' && status !== 'active' && status !== 'disconnected')
    throw new InvalidConnectionStatusError({ status })
}
