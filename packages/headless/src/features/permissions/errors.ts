import { BaseError } from '../../kernel/errors/base.js'
import { RequestNotApprovedError } from '../../kernel/errors/walletConnect.js'

export type SmartSessionsDisabledErrorType = SmartSessionsDisabledError & { name: 'SmartSessionsDisabledError' }

/**
 * The instance's `smartSessions` feature is off (the spec's default): nothing is asked of the
 * wallet or the hosted service.
 *
 * @example
 * catch (e) { if ((e as GrantPermissionsErrorType).name === 'SmartSessionsDisabledError') hidePermissions() }
 */
export class SmartSessionsDisabledError extends BaseError {
  override name = 'SmartSessionsDisabledError' as const
  constructor() {
    super('Smart sessions are not enabled', {
      details: 'Turn them on with `features: { smartSessions: true }` in the Portico options.',
    })
  }
}

export type PermissionsNotSupportedErrorType = PermissionsNotSupportedError & { name: 'PermissionsNotSupportedError' }

/**
 * The connected wallet has no ERC-7715 permission methods (neither `wallet_grantPermissions` nor
 * the draft's newer `wallet_requestExecutionPermissions`), or its WalletConnect session did not
 * approve them.
 *
 * @example
 * catch (e) { if ((e as GrantPermissionsErrorType).name === 'PermissionsNotSupportedError') askForEveryTransaction() }
 */
export class PermissionsNotSupportedError extends BaseError {
  override name = 'PermissionsNotSupportedError' as const
  constructor({ method, cause }: { method: string; cause?: unknown }) {
    super('The wallet does not support permissions', { cause, details: `${method} is not available.` })
  }
}

export type InvalidPermissionRequestErrorType = InvalidPermissionRequestError & {
  name: 'InvalidPermissionRequestError'
}

/**
 * A permission request the kit refuses before asking the wallet: no permissions, an expiry in the
 * past, or a permission without a type or data. The same text the embedded wallet answers with.
 *
 * @example
 * catch (e) { const error = e as GrantPermissionsErrorType; if (error.name === 'InvalidPermissionRequestError') showFormError(error.details) }
 */
export class InvalidPermissionRequestError extends BaseError {
  override name = 'InvalidPermissionRequestError' as const
  constructor({ details }: { details: string }) {
    super('Invalid permission request', { details })
  }
}

export type PermissionResponseErrorType = PermissionResponseError & { name: 'PermissionResponseError' }

/**
 * The wallet answered a permission request with something that is not a grant (no permissions
 * context): the dapp cannot use it, so it is not returned as one.
 *
 * @example
 * catch (e) { const error = e as GrantPermissionsErrorType; if (error.name === 'PermissionResponseError') reportWalletBug(error.details) }
 */
export class PermissionResponseError extends BaseError {
  override name = 'PermissionResponseError' as const
  constructor({ method }: { method: string }) {
    super('The wallet answered the permission request with something else', {
      details: `${method} returned no permissions context.`,
    })
  }
}

export type FetchSmartSessionsErrorType = FetchSmartSessionsError & { name: 'FetchSmartSessionsError' }

/**
 * The hosted session service (`GET /v1/sessions/{account}`) failed or answered something else.
 *
 * @example
 * const { error } = usePermissions() // error?.shortMessage === 'Error fetching smart sessions'
 */
export class FetchSmartSessionsError extends BaseError {
  override name = 'FetchSmartSessionsError' as const
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Error fetching smart sessions', { cause })
  }
}

export type RevokeSmartSessionErrorType = RevokeSmartSessionError & { name: 'RevokeSmartSessionError' }

/**
 * A permission could not be revoked: the wallet or the hosted service refused or failed (a
 * declined signature stays `UserRejectedRequestError`).
 *
 * @example
 * catch (e) { const error = e as RevokePermissionsErrorType; if (error.name === 'RevokeSmartSessionError') toast(error.shortMessage) }
 */
export class RevokeSmartSessionError extends BaseError {
  override name = 'RevokeSmartSessionError' as const
  constructor({ cause, details }: { cause?: unknown; details?: string | undefined } = {}) {
    // The wallet's or service's own words (a wrapped error's details), not its generic short text.
    const reason = (cause as { details?: unknown } | null | undefined)?.details
    super('Error revoking smart session', {
      cause,
      details: details ?? (typeof reason === 'string' ? reason : undefined),
    })
  }
}

// EIP-1193 4200 (unsupported method), JSON-RPC -32601 (method not found), -32004 (EIP-1474 method
// not supported) and the WalletConnect SDK's 5101 (unsupported methods) all say "not here".
const unsupportedCodes = new Set([4200, -32601, -32004, 5101])

/**
 * @internal
 * Whether a failed wallet request means the wallet lacks the method (then the draft's other name
 * is tried), as opposed to refusing this request.
 */
export function isMethodUnsupported(error: unknown): boolean {
  if (error instanceof RequestNotApprovedError) return true
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'number' && unsupportedCodes.has(code)) return true
  }
  return false
}
