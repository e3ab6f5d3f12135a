import { useMutation } from '@tanstack/react-query'
import { expectTypeOf } from 'vitest'
import type { Portico } from '../../../kernel/portico.js'
import type { EstimateSendFeeReturnType } from '../estimateSendFee.js'
import { sendTokenMutationOptions } from '../query.js'
import type { SendTokenErrorType } from '../sendToken.js'
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
