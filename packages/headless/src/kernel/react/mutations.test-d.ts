import { useMutation } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import type { ConnectErrorType } from '../actions/connect.js'
import type { SignMessageErrorType } from '../actions/signMessage.js'
import type { Portico } from '../portico.js'
import { connectMutationOptions } from '../query/mutations.js'
import { useConnect } from './useConnect.js'
import { useSignMessage } from './useSignMessage.js'

// Type-level checks (tsc runs them in `npm test`): the typed error reaches hooks and hosts.
declare const portico: Portico

// Hooks run inside a component; this one is never rendered, only type-checked.
export function TypeChecks() {
  expectTypeOf(useMutation(connectMutationOptions(portico)).error).toEqualTypeOf<ConnectErrorType | null>()
  expectTypeOf(useConnect().error).toEqualTypeOf<ConnectErrorType | null>()
  expectTypeOf(useSignMessage().error).toEqualTypeOf<SignMessageErrorType | null>()
  useConnect({
    mutation: {
      onError(error) {
        expectTypeOf(error).toEqualTypeOf<ConnectErrorType>()
      },
      onSuccess(data) {
        expectTypeOf(data.address).toEqualTypeOf<string>()
      },
    },
  })
  return null
}
