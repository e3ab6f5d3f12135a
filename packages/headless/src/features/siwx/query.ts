import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions } from '../../kernel/query/mutations.js'
import { cancelSiwxSignIn } from './cancelSiwxSignIn.js'
import { type SignInSiwxErrorType, type SignInSiwxReturnType, signInSiwx } from './signInSiwx.js'

/**
 * Mutation options for {@link signInSiwx} (the sign step's "Sign"). Run through a query client,
 * the sign-in is a step of the user's journey like any other mutation (the UI's analytics reports
 * it by its key: asked, signed in, failed).
 *
 * @example
 * const signIn = useMutation(signInSiwxMutationOptions(portico))
 * signIn.mutate()
 */
export function signInSiwxMutationOptions(
  portico: Portico,
): PorticoMutationOptions<SignInSiwxReturnType, SignInSiwxErrorType, void> {
  // signInSiwx joins a sign-in in flight by itself: one wallet prompt for a double click.
  return { mutationKey: ['portico', 'signInSiwx'], mutationFn: () => signInSiwx(portico) }
}

/**
 * Mutation options for {@link cancelSiwxSignIn} (the sign step's "Cancel", with the spec's
 * required/optional rule).
 *
 * @example
 * const cancel = useMutation(cancelSiwxSignInMutationOptions(portico))
 * cancel.mutate()
 */
export function cancelSiwxSignInMutationOptions(portico: Portico): PorticoMutationOptions<void, Error, void> {
  return { mutationKey: ['portico', 'cancelSiwxSignIn'], mutationFn: () => cancelSiwxSignIn(portico) }
}
