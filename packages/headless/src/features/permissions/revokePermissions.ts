import { request } from '../../kernel/actions/request.js'
import { signMessage } from '../../kernel/actions/signMessage.js'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { NotConnectedErrorType } from '../../kernel/errors/connection.js'
import { UserRejectedRequestError, type UserRejectedRequestErrorType } from '../../kernel/errors/network.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  isMethodUnsupported,
  PermissionsNotSupportedError,
  type PermissionsNotSupportedErrorType,
  RevokeSmartSessionError,
  type RevokeSmartSessionErrorType,
  type SmartSessionsDisabledErrorType,
} from './errors.js'
import { assertSmartSessions, type PermissionSource } from './permission.js'

export type RevokePermissionsParameters = {
  /** The grant's permissions context (`GrantedPermission.context`). */
  context: string
  /** Where the grant lives (`GrantedPermission.source`). Default `'wallet'`. */
  source?: PermissionSource | undefined
}
export type RevokePermissionsReturnType = { context: string }
export type RevokePermissionsErrorType =
  | SmartSessionsDisabledErrorType
  | NotConnectedErrorType
  | PermissionsNotSupportedErrorType
  | RevokeSmartSessionErrorType
  | UserRejectedRequestErrorType

/** The original ERC-7715 method, asked first. */
export const revokeMethod = 'wallet_revokePermissions'
/** The draft's newer name (singular), asked when the wallet lacks the original one. */
export const revokeExecutionMethod = 'wallet_revokeExecutionPermission'

/**
 * Ends a granted permission: after it, sends that named it prompt again (or are refused when the
 * dapp insists). A grant the wallet keeps is revoked in the wallet (`wallet_revokePermissions`, or
 * the draft's newer `wallet_revokeExecutionPermission`); a session the hosted service keeps is
 * revoked there: the wallet signs the context (`pci`) and `POST /v1/sessions/{account}/revoke`
 * carries `pci` and `signature`, which the service checks against the account. Off unless
 * `smartSessions` is on; a refusal or failure is 'Error revoking smart session'; the user
 * declining to sign stays `UserRejectedRequestError`.
 *
 * @example
 * const [first] = await getPermissions(portico)
 * if (first) await revokePermissions(portico, first)
 */
export async function revokePermissions(
  portico: Portico,
  { context, source = 'wallet' }: RevokePermissionsParameters,
): Promise<RevokePermissionsReturnType> {
  assertSmartSessions(portico)
  const { account } = getActiveConnection(portico, 'eip155')
  if (typeof context !== 'string' || !context || context.length > 4096)
    throw new RevokeSmartSessionError({ details: 'No permissions context was given.' })
  if (source === 'hosted') {
    const caipAddress = account.caipAddress ?? `${account.caipNetworkId}:${account.address}`
    let signature: string
    try {
      signature = await signMessage(portico, { message: context, namespace: 'eip155' })
    } catch (cause) {
      if (cause instanceof UserRejectedRequestError) throw cause
      throw new RevokeSmartSessionError({ cause })
    }
    try {
      await fetchJson(portico, blockchainApiUrl(portico, `/v1/sessions/${encodeURIComponent(caipAddress)}/revoke`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pci: context, signature }),
      })
    } catch (cause) {
      throw new RevokeSmartSessionError({ cause })
    }
    return { context }
  }
  try {
    await request(portico, { namespace: 'eip155', method: revokeMethod, params: [{ permissionsContext: context }] })
    return { context }
  } catch (error) {
    if (error instanceof UserRejectedRequestError) throw error
    if (!isMethodUnsupported(error)) throw new RevokeSmartSessionError({ cause: error })
  }
  try {
    await request(portico, {
      namespace: 'eip155',
      method: revokeExecutionMethod,
      params: [{ permissionContext: context }],
    })
    return { context }
  } catch (error) {
    if (error instanceof UserRejectedRequestError) throw error
    if (isMethodUnsupported(error)) throw new PermissionsNotSupportedError({ method: revokeMethod, cause: error })
    throw new RevokeSmartSessionError({ cause: error })
  }
}
