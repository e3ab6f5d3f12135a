import type { Portico } from '../../kernel/portico.js'
import { type GetSiwxConfigErrorType, getSiwxConfig } from './getSiwxConfig.js'

export type IsSiwxRequiredReturnType = boolean
export type IsSiwxRequiredErrorType = GetSiwxConfigErrorType

/**
 * Whether the user must sign in to stay connected: false when sign-in is off or the config
 * has no `getRequired`.
 *
 * @example
 * if (isSiwxRequired(portico)) console.log('cancelling the sign step disconnects')
 */
export function isSiwxRequired(portico: Portico): IsSiwxRequiredReturnType {
  return getSiwxConfig(portico)?.getRequired?.() ?? false
}
