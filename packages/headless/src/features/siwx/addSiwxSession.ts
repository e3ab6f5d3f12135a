import type { Portico } from '../../kernel/portico.js'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { type RequireSiwxConfigErrorType, requireSiwxConfig } from './getSiwxConfig.js'
import { siwxSessionContext } from './sessionContext.js'

export type AddSiwxSessionParameters = SiwxSession
export type AddSiwxSessionReturnType = undefined
export type AddSiwxSessionErrorType = RequireSiwxConfigErrorType

/**
 * Hands a signed session to the `siwx` config (which verifies and stores it).
 *
 * @example
 * await addSiwxSession(portico, { data, message, signature })
 */
export async function addSiwxSession(portico: Portico, session: AddSiwxSessionParameters): Promise<void> {
  await requireSiwxConfig(portico).addSession(session, siwxSessionContext(portico, session.data.chainId))
}
