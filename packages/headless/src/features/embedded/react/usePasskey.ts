'use client'
import { useMutation } from '@tanstack/react-query'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { LoginWithPasskeyErrorType, LoginWithPasskeyReturnType } from '../loginWithPasskey.js'
import { loginWithPasskeyMutationOptions, registerPasskeyMutationOptions } from '../query.js'
import type { RegisterPasskeyErrorType, RegisterPasskeyReturnType } from '../registerPasskey.js'

/**
 * Passkeys of the embedded wallet: `login` signs in with a passkey alone, `register` adds one to
 * the signed-in user. Both ceremonies run in the secure frame's prompt, after the user's click
 * there; a cancelled prompt fails with code 4001.
 *
 * @example
 * const passkey = usePasskey()
 * <button onClick={() => passkey.login.mutate()}>Log in with a passkey</button>
 */
export function usePasskey() {
  const { portico, queryClient } = usePortico('usePasskey')
  const login = useMutation<LoginWithPasskeyReturnType, LoginWithPasskeyErrorType, void>(
    loginWithPasskeyMutationOptions(portico),
    queryClient,
  )
  const register = useMutation<RegisterPasskeyReturnType, RegisterPasskeyErrorType, void>(
    registerPasskeyMutationOptions(portico),
    queryClient,
  )
  return { login, register }
}
