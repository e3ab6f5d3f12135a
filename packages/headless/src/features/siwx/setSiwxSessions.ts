import type { Portico } from '../../kernel/portico.js'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { type RequireSiwxConfigErrorType, requireSiwxConfig } from './getSiwxConfig.js'

export type SetSiwxSessionsParameters = readonly SiwxSession[]
export type SetSiwxSessionsReturnType = undefined
export type SetSiwxSessionsErrorType = RequireSiwxConfigErrorType

/**
 * Replaces every stored session (one-click auth hands over several at once; an empty list
 * signs out everywhere).
 *
 * @example
 * await setSiwxSessions(portico, [])
 */
export async function setSiwxSessions(portico: Portico, sessions: SetSiwxSessionsParameters): Promise<void> {
  await requireSiwxConfig(portico).setSessions([...sessions])
}
