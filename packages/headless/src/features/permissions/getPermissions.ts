import { type RequestErrorType, request } from '../../kernel/actions/request.js'
import { fetchJson } from '../../kernel/api/http.js'
import { blockchainApiUrl } from '../../kernel/api/urls.js'
import type { NotConnectedErrorType } from '../../kernel/errors/connection.js'
import type { Portico } from '../../kernel/portico.js'
import { getActiveConnection } from '../../kernel/state/activeConnection.js'
import {
  FetchSmartSessionsError,
  type FetchSmartSessionsErrorType,
  isMethodUnsupported,
  type SmartSessionsDisabledErrorType,
} from './errors.js'
import { assertSmartSessions, type GrantedPermission, readGrant } from './permission.js'

export type GetPermissionsParameters = {
  /** Cancels the hosted request (TanStack passes its query signal). */
  signal?: AbortSignal | undefined
}
export type GetPermissionsReturnType = GrantedPermission[]
export type GetPermissionsErrorType =
  | SmartSessionsDisabledErrorType
  | NotConnectedErrorType
  | FetchSmartSessionsErrorType
  | RequestErrorType

/** The draft's method that lists the grants a wallet holds for this dapp. */
export const listMethod = 'wallet_getGrantedExecutionPermissions'

/**
 * The permissions granted by the connected EVM account that are still running (ERC-7715): those
 * the wallet keeps for this dapp (`wallet_getGrantedExecutionPermissions`; a wallet without it
 * lists none) and the sessions the hosted service keeps for the account (`GET /v1/sessions/{account}`,
 * the account in CAIP-10, with the blockchain API on), one entry per context, expired and revoked
 * ones left out, soonest expiry first. Off unless `smartSessions` is on ('Smart sessions are not
 * enabled'); a failing or unreadable hosted answer is 'Error fetching smart sessions'.
 *
 * @example
 * const permissions = await getPermissions(portico)
 * permissions[0]?.context // '0x…', what a send names in capabilities.permissions
 */
export async function getPermissions(
  portico: Portico,
  { signal }: GetPermissionsParameters = {},
): Promise<GetPermissionsReturnType> {
  assertSmartSessions(portico)
  const { account } = getActiveConnection(portico, 'eip155')
  const address = account.address ?? ''
  const chainId = account.caipNetworkId ? Number(account.caipNetworkId.split(':')[1]) : undefined
  const [held, hosted] = await Promise.all([
    walletGrants(portico, { address, chainId }),
    hostedSessions(portico, {
      caipAddress: account.caipAddress ?? `${account.caipNetworkId}:${address}`,
      chainId,
      address,
      signal,
    }),
  ])
  const now = Math.floor(Date.now() / 1000)
  const byContext = new Map<string, GrantedPermission>()
  // The wallet's own record wins: it is the one that enforces the grant.
  for (const grant of [...held, ...hosted])
    if (grant.expiry > now && !byContext.has(grant.context)) byContext.set(grant.context, grant)
  return [...byContext.values()].sort((a, b) => a.expiry - b.expiry)
}

async function walletGrants(
  portico: Portico,
  { address, chainId }: { address: string; chainId: number | undefined },
): Promise<GrantedPermission[]> {
  let answer: unknown
  try {
    answer = await request(portico, { namespace: 'eip155', method: listMethod, params: [] })
  } catch (error) {
    if (isMethodUnsupported(error)) return []
    throw error
  }
  if (!Array.isArray(answer)) return []
  return answer.flatMap((raw) => readGrant(raw, { chainId, address, source: 'wallet' }) ?? [])
}

async function hostedSessions(
  portico: Portico,
  {
    caipAddress,
    chainId,
    address,
    signal,
  }: { caipAddress: string; chainId: number | undefined; address: string; signal: AbortSignal | undefined },
): Promise<GrantedPermission[]> {
  if (!portico.options.projectId || !portico.options.blockchainApi) return []
  let body: unknown
  try {
    body = await fetchJson(portico, blockchainApiUrl(portico, `/v1/sessions/${encodeURIComponent(caipAddress)}`), {
      signal,
    })
  } catch (cause) {
    throw new FetchSmartSessionsError({ cause })
  }
  const pcis = (body as { pcis?: unknown } | null)?.pcis
  if (!Array.isArray(pcis)) throw new FetchSmartSessionsError()
  return pcis.flatMap((raw) => {
    if ((raw as { revokedAt?: unknown } | null)?.revokedAt) return []
    return readGrant(raw, { chainId, address, source: 'hosted' }) ?? []
  })
}
