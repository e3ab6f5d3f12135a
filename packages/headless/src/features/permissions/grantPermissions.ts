import { type RequestErrorType, request } from '../../kernel/actions/request.js'
import type { NotConnectedErrorType } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  InvalidPermissionRequestError,
  type InvalidPermissionRequestErrorType,
  isMethodUnsupported,
  PermissionResponseError,
  type PermissionResponseErrorType,
  PermissionsNotSupportedError,
  type PermissionsNotSupportedErrorType,
  type SmartSessionsDisabledErrorType,
} from './errors.js'
import { assertSmartSessions, type GrantedPermission, type PermissionItem, readGrant } from './permission.js'

export type GrantPermissionsParameters = {
  /**
   * What the dapp may do without a prompt, e.g. `{ type: 'native-token-recurring-allowance', data:
   * { allowance: '0x2386f26fc10000', period: 86400 } }` (at most 8).
   */
  permissions: readonly PermissionItem[]
  /** Unix seconds after which the grant ends; must be in the future. */
  expiry: number
  /** Who acts within the grant. Default: the wallet's own account (`{ type: 'account' }`). */
  signer?: { type: string; data?: unknown } | undefined
}
export type GrantPermissionsReturnType = GrantedPermission
export type GrantPermissionsErrorType =
  | SmartSessionsDisabledErrorType
  | NotConnectedErrorType
  | InvalidPermissionRequestErrorType
  | PermissionsNotSupportedErrorType
  | PermissionResponseErrorType
  | RequestErrorType

/** The original ERC-7715 method, asked first (the embedded wallet and most wallets today). */
export const grantMethod = 'wallet_grantPermissions'
/** The draft's newer name, asked when the wallet lacks the original one. */
export const requestExecutionMethod = 'wallet_requestExecutionPermissions'

function check({ permissions, expiry }: GrantPermissionsParameters, now: number): void {
  if (!Array.isArray(permissions) || permissions.length === 0)
    throw new InvalidPermissionRequestError({ details: 'At least one permission is needed.' })
  if (permissions.length > 8) throw new InvalidPermissionRequestError({ details: 'At most 8 permissions.' })
  for (const [index, p] of permissions.entries()) {
    if (typeof p?.type !== 'string' || !p.type || p.type.length > 64)
      throw new InvalidPermissionRequestError({ details: `Permission ${index} needs a type.` })
    if (typeof p.data !== 'object' || p.data === null || Array.isArray(p.data))
      throw new InvalidPermissionRequestError({ details: `Permission ${index} needs data (an object).` })
  }
  if (!Number.isSafeInteger(expiry) || expiry <= now)
    throw new InvalidPermissionRequestError({ details: 'The expiry is unix seconds in the future.' })
}

/**
 * Asks the connected EVM wallet to grant permissions (ERC-7715): once the user approves in the
 * wallet, sends that fall within them need no prompt (name the grant's `context` in
 * `capabilities.permissions` of `wallet_sendCalls`). Sent through the connector contract like any
 * request, so installed, WalletConnect and embedded wallets behave alike. A wallet without
 * `wallet_grantPermissions` is asked under the draft's newer name, `wallet_requestExecutionPermissions`
 * (one permission per request there); a wallet with neither is `PermissionsNotSupportedError`.
 * Off unless the instance's `smartSessions` feature is on ('Smart sessions are not enabled');
 * a malformed request is 'Invalid permission request' before the wallet is asked; the user
 * declining stays `UserRejectedRequestError`.
 *
 * @example
 * const grant = await grantPermissions(portico, {
 *   expiry: Math.floor(Date.now() / 1000) + 3600,
 *   permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86400 } }],
 * })
 * await sendCalls(portico, { calls, capabilities: { permissions: { context: grant.context } } })
 */
export async function grantPermissions(
  portico: Portico,
  parameters: GrantPermissionsParameters,
): Promise<GrantPermissionsReturnType> {
  assertSmartSessions(portico)
  const { account } = getActiveConnection(portico, 'eip155')
  check(parameters, Math.floor(Date.now() / 1000))
  const address = account.address ?? ''
  const chainId = account.caipNetworkId ? Number(account.caipNetworkId.split(':')[1]) : undefined
  const chainHex = chainId ? `0x${chainId.toString(16)}` : undefined
  const fallback = { chainId, address, source: 'wallet' as const }
  const { permissions, expiry, signer } = parameters
  let answer: unknown
  try {
    answer = await request(portico, {
      namespace: 'eip155',
      method: grantMethod,
      params: [{ chainId: chainHex, address, expiry, ...(signer ? { signer } : {}), permissions }],
    })
  } catch (error) {
    if (!isMethodUnsupported(error)) throw error
    return requestExecution(portico, parameters, { chainHex, fallback, cause: error })
  }
  const grant = readGrant(answer, fallback)
  if (!grant) throw new PermissionResponseError({ method: grantMethod })
  return grant
}

async function requestExecution(
  portico: Portico,
  { permissions, expiry, signer }: GrantPermissionsParameters,
  {
    chainHex,
    fallback,
    cause,
  }: { chainHex: string | undefined; fallback: Parameters<typeof readGrant>[1]; cause: unknown },
): Promise<GrantedPermission> {
  // The newer draft grants one permission per request, each with its own context: a grant of
  // several cannot be one context there, so it is refused rather than split.
  const [permission, ...more] = permissions
  if (!permission || more.length > 0)
    throw new PermissionsNotSupportedError({ method: `${grantMethod} (several permissions at once)`, cause })
  const to = (signer?.data as { id?: unknown; address?: unknown } | undefined) ?? {}
  const signerAddress = [to.address, to.id].find((v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v))
  let answer: unknown
  try {
    answer = await request(portico, {
      namespace: 'eip155',
      method: requestExecutionMethod,
      params: [
        [
          {
            chainId: chainHex,
            from: fallback.address,
            ...(signerAddress ? { to: signerAddress } : {}),
            permission: { ...permission, isAdjustmentAllowed: false },
            rules: [{ type: 'expiry', data: { timestamp: expiry } }],
          },
        ],
      ],
    })
  } catch (error) {
    if (isMethodUnsupported(error)) throw new PermissionsNotSupportedError({ method: grantMethod, cause: error })
    throw error
  }
  const grant = readGrant(Array.isArray(answer) ? answer[0] : answer, fallback)
  if (!grant) throw new PermissionResponseError({ method: requestExecutionMethod })
  return grant
}
