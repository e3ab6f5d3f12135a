import type { Portico } from '../../kernel/portico.js'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { type RequireSiwxConfigErrorType, requireSiwxConfig } from './getSiwxConfig.js'
import {
  type ResolveSiwxAccountErrorType,
  resolveSiwxAccount,
  type SiwxAccountParameters,
} from './resolveSiwxAccount.js'

export type GetSiwxSessionsParameters = SiwxAccountParameters
export type GetSiwxSessionsReturnType = SiwxSession[]
export type GetSiwxSessionsErrorType = RequireSiwxConfigErrorType | ResolveSiwxAccountErrorType

/**
 * The sign-in sessions of an account on a network (default: the connected account on its
 * network), as the `siwx` config reports them. Empty means signed out.
 *
 * @example
 * const sessions = await getSiwxSessions(portico, { caipNetworkId: 'eip155:1', address })
 * const signedIn = sessions.length > 0
 */
export async function getSiwxSessions(
  portico: Portico,
  parameters: GetSiwxSessionsParameters = {},
): Promise<GetSiwxSessionsReturnType> {
  const siwx = requireSiwxConfig(portico)
  const { caipNetworkId, address } = resolveSiwxAccount(portico, parameters)
  return siwx.getSessions(caipNetworkId, address)
}
