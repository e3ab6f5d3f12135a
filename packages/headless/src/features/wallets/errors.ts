import { BaseError } from '../../kernel/errors/base.js'
import type { ConnectorStatus } from '../../kernel/types.js'

export type InvalidConnectionStatusErrorType = InvalidConnectionStatusError & { name: 'InvalidConnectionStatusError' }

/**
 * A connection's status is none of the spec's per-connector statuses (connected, active,
 * disconnected). Spec text: 'Invalid connection status'.
 *
 * @example
 * catch (e) { const error = e as InvalidConnectionStatusErrorType; if (error.name === 'InvalidConnectionStatusError') console.warn(error.status) }
 */
export class InvalidConnectionStatusError extends BaseError {
  override name = 'InvalidConnectionStatusError' as const
  readonly status: unknown
  constructor({ status }: { status: unknown }) {
    super('Invalid connection status', {
      details: `${JSON.stringify(status) ?? String(status)} is not connected, active or disconnected.`,
    })
    this.status = status
  }
}

const statuses: readonly string[] = ['connected', 'active', 'disconnected'] satisfies ConnectorStatus[]

/**
 * Whether `status` is one of the spec's per-connector statuses.
 *
 * @example
 * isConnectorStatus('active') // true
 */
export function isConnectorStatus(status: unknown): status is ConnectorStatus {
  return typeof status === 'string' && statuses.includes(status)
}

/**
 * Throws {@link InvalidConnectionStatusError} unless `status` is connected, active or disconnected.
 *
 * @example
 * assertConnectorStatus(connection.status)
 */
export function assertConnectorStatus(status: unknown): asserts status is ConnectorStatus {
  if (!isConnectorStatus(status)) throw new InvalidConnectionStatusError({ status })
}
