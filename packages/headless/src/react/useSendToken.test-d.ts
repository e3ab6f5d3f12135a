import { useMutation } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import type { EstimateSendFeeReturnType } from '../core/actions/estimateSendFee.js'
import type { SendTokenErrorType } from '../core/actions/sendToken.js'
import type { Portico } from '../core/config/createPortico.js'
import { sendTokenMutationOptions } from '../core/query/sendTokenMutation.js'
import { useEstimateSendFee } from './useEstimateSendFee.js'
import { useSendToken } from './useSendToken.js'

// Type-level checks (tsc runs them): the send's typed error reaches hooks and hosts.
declare const portico: Portico

export function SendTokenTypeChecks() {
  expectTypeOf(useMutation(sendTokenMutationOptions(portico)).error).toEqualTypeOf<SendTokenErrorType | null>()
  const send = useSendToken({
    mutation: {
      onError(error) {
        expectTypeOf(error).toEqualTypeOf<SendTokenErrorType>()
        if (error.name === 'InvalidAmountError') expectTypeOf(error.reason).toBeString()
      },
    },
  })
  expectTypeOf(send.data).toEqualTypeOf<string | undefined>()
  expectTypeOf(useEstimateSendFee().data).toEqualTypeOf<EstimateSendFeeReturnType | undefined>()
  return null
}
