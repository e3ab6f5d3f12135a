import type { Portico } from '../../kernel/portico.js'
import { type SiwxConfig, siwxConfigMethods } from '../../kernel/siwxConfig.js'
import {
  InvalidSiwxConfigError,
  type InvalidSiwxConfigErrorType,
  SiwxNotEnabledError,
  type SiwxNotEnabledErrorType,
} from './errors.js'

export type GetSiwxConfigReturnType = SiwxConfig | undefined
export type GetSiwxConfigErrorType = InvalidSiwxConfigErrorType

/**
 * The instance's sign-in configuration, or `undefined` when sign-in is off. Throws
 * {@link InvalidSiwxConfigError} when the `siwx` option lacks a {@link SiwxConfig} method.
 *
 * @example
 * if (getSiwxConfig(portico)?.getRequired?.()) showSignInFirst()
 */
export function getSiwxConfig(portico: Portico): GetSiwxConfigReturnType {
  const siwx = portico.options.siwx
  if (siwx === undefined || siwx === null) return undefined
  const missing = siwxConfigMethods.filter(
    (method) => typeof (siwx as Record<string, unknown> | undefined)?.[method] !== 'function',
  )
  if (typeof siwx !== 'object' || missing.length) throw new InvalidSiwxConfigError({ missing })
  return siwx as SiwxConfig
}

/** @internal The configuration, or {@link SiwxNotEnabledError} ('SIWX is not enabled'). */
export function requireSiwxConfig(portico: Portico): SiwxConfig {
  const siwx = getSiwxConfig(portico)
  if (!siwx) throw new SiwxNotEnabledError()
  return siwx
}

export type RequireSiwxConfigErrorType = SiwxNotEnabledErrorType | InvalidSiwxConfigErrorType
