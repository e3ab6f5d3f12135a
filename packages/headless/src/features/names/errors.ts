import { BaseError } from '../../kernel/errors/base.js'

export type NameResolutionErrorType = NameResolutionError & { name: 'NameResolutionError' }

/**
 * A name could not be turned into an address: unknown to the service, the service failed, or it
 * has no valid address for the active namespace. Spec text: 'Error resolving name'.
 *
 * @example
 * catch (e) { const error = e as ResolveNameErrorType; if (error.name === 'NameResolutionError') error.reason // 'no-address' }
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

export type NameConnectorNotFoundErrorType = NameConnectorNotFoundError & { name: 'NameConnectorNotFoundError' }

/**
 * Registering a name needs a connected EVM address whose wallet can register names (the embedded
 * wallet, an auth connector). Spec text: 'Address or auth connector not found'.
 *
 * @example
 * catch (e) { if ((e as RegisterNameErrorType).name === 'NameConnectorNotFoundError') openConnectModal() }
 */
export class NameConnectorNotFoundError extends BaseError {
  override name = 'NameConnectorNotFoundError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Address or auth connector not found', {
      cause,
      details: 'Connect with the embedded wallet (email or social login) on an EVM network to register a name.',
    })
  }
}

export type NameRegistrationErrorType = NameRegistrationError & { name: 'NameRegistrationError' }

/**
 * A name could not be registered: it does not follow the rule (letters, digits and hyphen, at
 * least 4 characters), someone holds it, or the service refused or failed. Spec text: 'Error
 * registering name {name}'.
 *
 * @example
 * catch (e) { const error = e as RegisterNameErrorType; if (error.name === 'NameRegistrationError' && error.reason === 'taken') showSuggestions() }
 */
export class NameRegistrationError extends BaseError {
  override name = 'NameRegistrationError' as const
  readonly reason: 'invalid-name' | 'taken' | 'failed'
  constructor({ name, reason, cause }: { name: string; reason: NameRegistrationError['reason']; cause?: unknown }) {
    super(`Error registering name ${name}`, {
      cause,
      details:
        reason === 'invalid-name'
          ? 'A name is letters, digits and hyphen, at least 4 characters.'
          : reason === 'taken'
            ? `${name} is taken.`
            : undefined,
    })
    this.reason = reason
  }
}

export type NameSuggestionsErrorType = NameSuggestionsError & { name: 'NameSuggestionsError' }

/**
 * The profile service gave no suggestions (it failed, or answered something else). Spec text:
 * 'Error fetching name suggestions'.
 *
 * @example
 * const { error } = useNameSuggestions({ name: 'alice' }) // error?.shortMessage
 */
export class NameSuggestionsError extends BaseError {
  override name = 'NameSuggestionsError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error fetching name suggestions', { cause })
  }
}

export type NamesForAddressErrorType = NamesForAddressError & { name: 'NamesForAddressError' }

/**
 * The profile service's reverse lookup failed or answered something else. Spec text: 'Error
 * fetching names for address'.
 *
 * @example
 * const { error } = useNamesForAddress() // error?.shortMessage
 */
export class NamesForAddressError extends BaseError {
  override name = 'NamesForAddressError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error fetching names for address', { cause })
  }
}
