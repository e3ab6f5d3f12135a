'use client'
import { useMutation } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { type GetSiwxStateReturnType, getSiwxState } from '../getSiwxState.js'
import { cancelSiwxSignInMutationOptions, signInSiwxMutationOptions } from '../query.js'
import type { signInSiwx } from '../signInSiwx.js'
import { signOutSiwx } from '../signOutSiwx.js'
import { watchSiwxState } from '../watchSiwxState.js'

export type UseSiwxReturnType = GetSiwxStateReturnType & {
  /** Signs the connected account in (the wallet is asked); rejects with the wallet's or the config's error. */
  signIn: () => ReturnType<typeof signInSiwx>
  /** Revokes the connected account's session on its network; the wallet stays connected. */
  signOut: () => Promise<void>
  /** Closes the sign step with the spec's cancel rule (required: go back or disconnect). */
  cancel: () => Promise<void>
}

/**
 * Sign in with X for the connected account: `status` (`unauthenticated`, `authenticating`,
 * `authenticated`), the sign `step`, the `sessions`, and `signIn()` / `signOut()`. Needs a
 * `siwx` option on `createPortico`.
 *
 * @example
 * const { status, signIn, signOut } = useSiwx()
 * return status === 'authenticated' ? <button onClick={signOut}>Sign out</button>
 *   : <button onClick={() => signIn()}>Sign in</button>
 */
export function useSiwx(): UseSiwxReturnType {
  const { portico, queryClient } = usePortico('useSiwx')
  const state = useCoreState(
    (onChange) => watchSiwxState(portico, { onChange }),
    () => getSiwxState(portico),
    [portico],
  )
  // Sign and Cancel run as mutations of the instance's query client: they are steps of the journey.
  const { mutateAsync: signIn } = useMutation(signInSiwxMutationOptions(portico), queryClient)
  const { mutateAsync: cancel } = useMutation(cancelSiwxSignInMutationOptions(portico), queryClient)
  const actions = useMemo(
    () => ({ signIn: () => signIn(), signOut: () => signOutSiwx(portico), cancel: () => cancel() }),
    [portico, signIn, cancel],
  )
  return { ...state, ...actions }
}
