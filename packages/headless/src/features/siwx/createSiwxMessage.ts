import type { Portico } from '../../kernel/portico.js'
import type { InvalidSiwxMessageErrorType } from './errors.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { type RequireSiwxConfigErrorType, requireSiwxConfig } from './getSiwxConfig.js'
import type { SiwxMessage } from './message.js'
import {
  type ResolveSiwxAccountErrorType,
  resolveSiwxAccount,
  type SiwxAccountParameters,
} from './resolveSiwxAccount.js'

export type CreateSiwxMessageParameters = SiwxAccountParameters
export type CreateSiwxMessageReturnType = {
  /** The message's fields. */
  data: SiwxMessage
  /** The text to sign (EIP-4361, the Solana sign-in text or CAIP-122). */
  message: string
}
export type CreateSiwxMessageErrorType =
  | RequireSiwxConfigErrorType
  | ResolveSiwxAccountErrorType
  | InvalidSiwxMessageErrorType

/**
 * Asks the `siwx` config for a sign-in message for an account on a network (default: the
 * connected one) and serialises it. The config's message is validated.
 *
 * @example
 * const { data, message } = await createSiwxMessage(portico)
 * const signature = await signMessage(portico, { message })
 */
export async function createSiwxMessage(
  portico: Portico,
  parameters: CreateSiwxMessageParameters = {},
): Promise<CreateSiwxMessageReturnType> {
  const siwx = requireSiwxConfig(portico)
  const { caipNetworkId, address } = resolveSiwxAccount(portico, parameters)
  const data = await siwx.createMessage({ accountAddress: address, chainId: caipNetworkId })
  return { data, message: formatSiwxMessage(data) }
}
