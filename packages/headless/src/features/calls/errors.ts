import { BaseError } from '../../kernel/errors/base.js'
import { RequestNotApprovedError } from '../../kernel/errors/walletConnect.js'

export type InvalidCallErrorType = InvalidCallError & { name: 'InvalidCallError' }
/** A `wallet_sendCalls` call whose `to` or `data` is not 0x hex (the spec's rule), refused before the wallet is asked. */
export class InvalidCallError extends BaseError {
  override name = 'InvalidCallError' as const
  constructor({ index, field }: { index: number; field: 'to' | 'data' | 'value' | 'calls' }) {
    super('Invalid call', {
      details:
        field === 'calls'
          ? 'wallet_sendCalls needs at least one call.'
          : field === 'to'
            ? `Call ${index}: 'to' must be a 0x-prefixed 20-byte address.`
            : field === 'data'
              ? `Call ${index}: 'data' must start with 0x and be hex.`
              : `Call ${index}: 'value' must be a non-negative bigint.`,
    })
  }
}

export type CapabilitiesAddressRequiredErrorType = CapabilitiesAddressRequiredError & {
  name: 'CapabilitiesAddressRequiredError'
}
/** A wallet capabilities request without a valid account address (the spec's rule). */
export class CapabilitiesAddressRequiredError extends BaseError {
  override name = 'CapabilitiesAddressRequiredError' as const
  constructor({ address }: { address?: unknown }) {
    super('A wallet capabilities request needs an address', {
      details: address === undefined ? 'No address was given.' : `${String(address).slice(0, 80)} is not an address.`,
    })
  }
}

export type CallsStatusNotApprovedErrorType = CallsStatusNotApprovedError & { name: 'CallsStatusNotApprovedError' }
/** The wallet did not approve (or does not have) `wallet_getCallsStatus` (spec text). */
export class CallsStatusNotApprovedError extends BaseError {
  override name = 'CallsStatusNotApprovedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Fetching call status not approved by the wallet.', { cause })
  }
}

export type CallsNotSupportedErrorType = CallsNotSupportedError & { name: 'CallsNotSupportedError' }
/** The wallet has no EIP-5792 support (`wallet_sendCalls` / `wallet_getCapabilities`), or the session did not approve it. */
export class CallsNotSupportedError extends BaseError {
  override name = 'CallsNotSupportedError' as const
  constructor({ method, cause }: { method: string; cause?: unknown }) {
    super('The wallet does not support batched calls', { cause, details: `${method} is not available.` })
  }
}

/** The EIP-5792 error codes a wallet answers with, each one condition. */
export type CallsRejectedReason =
  | 'unsupportedCapability'
  | 'unsupportedChain'
  | 'duplicateId'
  | 'unknownId'
  | 'tooLarge'
  | 'upgradeRejected'
  | 'atomicityNotSupported'

const reasonByCode: Readonly<Record<number, CallsRejectedReason>> = {
  5700: 'unsupportedCapability',
  5710: 'unsupportedChain',
  5720: 'duplicateId',
  5730: 'unknownId',
  5740: 'tooLarge',
  5750: 'upgradeRejected',
  5760: 'atomicityNotSupported',
}
const shortByReason: Readonly<Record<CallsRejectedReason, string>> = {
  unsupportedCapability: 'The wallet does not support a required capability',
  unsupportedChain: 'The wallet does not support calls on this chain',
  duplicateId: 'A batch with this id was already sent',
  unknownId: 'The wallet does not know this batch',
  tooLarge: 'The batch has too many calls for the wallet',
  upgradeRejected: 'The account upgrade was rejected',
  atomicityNotSupported: 'The wallet cannot run these calls atomically',
}

export type CallsRejectedErrorType = CallsRejectedError & { name: 'CallsRejectedError' }
/** The wallet refused a batch with one of EIP-5792's codes (5700-5760); `reason` names which. */
export class CallsRejectedError extends BaseError {
  override name = 'CallsRejectedError' as const
  readonly reason: CallsRejectedReason
  readonly code: number
  constructor({ code, cause }: { code: number; cause?: unknown }) {
    const reason = reasonByCode[code] as CallsRejectedReason
    super(shortByReason[reason], { cause, details: `EIP-5792 error ${code}.` })
    this.reason = reason
    this.code = code
  }
}

// EIP-1193 4200 (unsupported method), JSON-RPC -32601 (method not found), -32004 (EIP-1474 method
// not supported) and the WalletConnect SDK's 5101 (unsupported methods) all say "not here".
const unsupportedCodes = new Set([4200, -32601, -32004, 5101])

/** The JSON-RPC code deepest in an error's cause chain, if any. */
function codeOf(error: unknown): number | undefined {
  let code: number | undefined
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const c = (e as { code?: unknown }).code
    if (typeof c === 'number') code = c
  }
  return code
}

/**
 * @internal
 * Maps a failed EIP-5792 request: a method the wallet lacks or the session did not approve becomes
 * `notSupported()`, an EIP-5792 code becomes {@link CallsRejectedError}, anything else passes.
 */
export function toCallsError(error: unknown, notSupported: (cause: unknown) => BaseError): unknown {
  if (error instanceof RequestNotApprovedError) return notSupported(error)
  const code = codeOf(error)
  if (code === undefined) return error
  if (code in reasonByCode) return new CallsRejectedError({ code, cause: error })
  if (unsupportedCodes.has(code)) return notSupported(error)
  return error
}

export type AssetsNotSupportedErrorType = AssetsNotSupportedError & { name: 'AssetsNotSupportedError' }
/** The wallet has no `wallet_getAssets` (EIP-7811), or the session did not approve it. */
export class AssetsNotSupportedError extends BaseError {
  override name = 'AssetsNotSupportedError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The wallet does not list its assets', { cause, details: 'wallet_getAssets is not available.' })
  }
}
