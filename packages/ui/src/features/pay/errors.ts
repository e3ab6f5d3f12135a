import { BaseError } from '@portico/headless'

export type PayDisabledErrorType = PayDisabledError & { name: 'PayDisabledError' }
/** `pay` was called while the `pay` feature flag is off (its default): the panel does not open. */
export class PayDisabledError extends BaseError {
  override name = 'PayDisabledError' as const
  constructor() {
    super('The pay feature is off', { details: 'Turn it on with `features: { pay: true }` to open the pay panel.' })
  }
}

export type PayClosedErrorType = PayClosedError & { name: 'PayClosedError' }
/** The user closed the pay panel (or the host closed the modal) before the payment was sent. */
export class PayClosedError extends BaseError {
  override name = 'PayClosedError' as const
  constructor() {
    super('The pay panel was closed before paying')
  }
}

export type PayInProgressErrorType = PayInProgressError & { name: 'PayInProgressError' }
/**
 * `pay` was called while the wallet still has an earlier payment: the new request is refused so
 * that the earlier one keeps its own outcome (a transfer that went out is never reported lost).
 */
export class PayInProgressError extends BaseError {
  override name = 'PayInProgressError' as const
  constructor() {
    super('A payment is already in progress', { details: 'Wait for the earlier `pay` call to settle.' })
  }
}
