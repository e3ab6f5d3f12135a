import type { Portico } from '../../kernel/portico.js'
import { type RequireSiwxConfigErrorType, requireSiwxConfig } from './getSiwxConfig.js'
import {
  type ResolveSiwxAccountErrorType,
  resolveSiwxAccount,
  type SiwxAccountParameters,
} from './resolveSiwxAccount.js'

export type RevokeSiwxSessionParameters = SiwxAccountParameters
export type RevokeSiwxSessionReturnType = undefined
export type RevokeSiwxSessionErrorType = RequireSiwxConfigErrorType | ResolveSiwxAccountErrorType

/**
 * Signs an account out on a network (default: the connected account on its network).
 *
 * @example
 * await revokeSiwxSession(portico)
 */
export async function revokeSiwxSession(portico: Portico, parameters: RevokeSiwxSessionParameters = {}): Promise<void> {
  const siwx = requireSiwxConfig(portico)
  const { caipNetworkId, address } = resolveSiwxAccount(portico, parameters)
  await siwx.revokeSession(caipNetworkId, address)
}
