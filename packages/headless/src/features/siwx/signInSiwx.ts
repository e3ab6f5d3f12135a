import type { Portico } from '../../kernel/portico.js'
import type { SiwxSession } from '../../kernel/siwxConfig.js'
import { singleFlight } from '../../kernel/state/singleFlight.js'
import type { SignInWithSiwxErrorType } from './signInWithSiwx.js'
import { runSiwxSignIn } from './siwxFlow.js'

export type SignInSiwxReturnType = SiwxSession
export type SignInSiwxErrorType = SignInWithSiwxErrorType

/**
 * The sign step's "Sign": signs the connected account in and moves the sign-in state along
 * (`authenticating` while the wallet is asked, then `authenticated`, or `step: 'failed'` with
 * the error so the user can retry). A second call while one runs joins it (one wallet prompt). The
 * one public sign-in verb: the signature step underneath (`signInWithSiwx`) is the feature's own.
 *
 * @example
 * await signInSiwx(portico) // getSiwxState(portico).status === 'authenticated'
 */
export function signInSiwx(portico: Portico): Promise<SignInSiwxReturnType> {
  // A double click on Sign joins the sign-in in flight: each sign-in message carries a fresh
  // nonce, so the wallet-request layer alone could not tell the two apart.
  return singleFlight(portico, ['portico', 'siwx', 'signIn'], () => runSiwxSignIn(portico))
}
