import { BaseError } from './base.js'

export type InvalidCaipAddressErrorType = InvalidCaipAddressError & { name: 'InvalidCaipAddressError' }
/** A CAIP-10 account id that does not have exactly three colon-separated parts. */
export class InvalidCaipAddressError extends BaseError {
  override name = 'InvalidCaipAddressError' as const
  constructor({ value }: { value: unknown }) {
    super('Invalid CAIP Address', { details: `Received ${describe(value)}; expected namespace:reference:address.` })
  }
}

export type InvalidCaip10AddressErrorType = InvalidCaip10AddressError & { name: 'InvalidCaip10AddressError' }
/** A CAIP-10 account id with three parts whose namespace, reference or address is malformed. */
export class InvalidCaip10AddressError extends BaseError {
  override name = 'InvalidCaip10AddressError' as const
  constructor({ value, reason }: { value: unknown; reason: string }) {
    super('Invalid CAIP-10 address', { details: `${describe(value)}: ${reason}` })
  }
}

export type InvalidCaipNetworkIdErrorType = InvalidCaipNetworkIdError & { name: 'InvalidCaipNetworkIdError' }
/** A CAIP-2 chain id that is not `namespace:reference`. */
export class InvalidCaipNetworkIdError extends BaseError {
  override name = 'InvalidCaipNetworkIdError' as const
  constructor({ value, reason }: { value: unknown; reason?: string }) {
    super('Invalid CAIP-2 network id', {
      details: `Received ${describe(value)}${reason ? `: ${reason}` : '; expected namespace:reference.'}`,
    })
  }
}

export type InvalidAddressErrorType = InvalidAddressError & { name: 'InvalidAddressError' }
/** An address that is not valid for its chain (wrong length, bad characters or a failed EIP-55 checksum). */
export class InvalidAddressError extends BaseError {
  override name = 'InvalidAddressError' as const
  constructor({ address, namespace }: { address: unknown; namespace?: string }) {
    super('Address is invalid', {
      details: `${describe(address)} is not a valid ${namespace ?? ''} address.`.replace('  ', ' '),
    })
  }
}

/** @internal Short, safe description of an untrusted value for error details. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value)
  if (value === null) return 'null'
  return typeof value
}
