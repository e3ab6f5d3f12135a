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
