import { type SignMessageErrorType, signMessage } from '../actions/signMessage.js'
import type { Portico } from '../config/createPortico.js'
import type { ChainNamespace } from '../utils/caip.js'
import type { SiwxSession } from './config.js'
import { type CreateSiwxMessageErrorType, createSiwxMessage } from './createSiwxMessage.js'
import { requireSiwxConfig } from './getSiwxConfig.js'
import type { SiwxAccountParameters } from './resolveSiwxAccount.js'

export type SignInWithSiwxParameters = SiwxAccountParameters
export type SignInWithSiwxReturnType = SiwxSession
export type SignInWithSiwxErrorType = CreateSiwxMessageErrorType | SignMessageErrorType

/**
 * Signs in with the connected wallet: asks the `siwx` config for a message, has the wallet sign
 * it (`personal_sign` on eip155, `solana:signMessage` on solana) and hands the session back to
 * the config. A user rejection surfaces as `UserRejectedRequestError`, so a UI can offer retry.
 *
 * @example
 * const session = await signInWithSiwx(portico)
 */
export async function signInWithSiwx(
  portico: Portico,
  parameters: SignInWithSiwxParameters = {},
): Promise<SignInWithSiwxReturnType> {
  const { data, message } = await createSiwxMessage(portico, parameters)
  const namespace = data.chainId.split(':')[0] as ChainNamespace
  const signature = await signMessage(portico, { message, namespace })
  const session: SiwxSession = { data, message, signature }
  await requireSiwxConfig(portico).addSession(session)
  return session
}
