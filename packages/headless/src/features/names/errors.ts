import { BaseError } from '../../kernel/errors/base.js'

export type NameResolutionErrorType = NameResolutionError & { name: 'NameResolutionError' }

/**
 * A name could not be turned into an address: unknown to the service, the service failed, or it
 * has no valid address for the active namespace. Spec text: 'Error resolving name'.
 *
 * @example
 * catch (e) { if (e instanceof NameResolutionError) e.reason // 'no-address' }
 */
export class NameResolutionError extends BaseError {
  override name = 'NameResolutionError' as const
  readonly reason: 'not-found' | 'no-address' | 'invalid-name'
  constructor({
    name,
    reason,
    cause,
  }: { name: string; reason: NameResolutionError['reason']; cause?: unknown | undefined }) {
    super('Error resolving name', {
      cause,
      details:
        reason === 'no-address'
          ? `${name} has no address for this network.`
          : reason === 'invalid-name'
            ? `${name} is not a name.`
            : `${name} could not be resolved.`,
    })
    this.reason = reason
  }
}
