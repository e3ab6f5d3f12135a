'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { BaseError } from '../../../kernel/errors/base.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { singleFlightMutation } from '../../../kernel/state/singleFlight.js'

/** Where an email change stands: new address asked, primary code, secondary code, done. */
export type UpdateEmailStep = 'EMAIL' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' | 'DONE'

/**
 * Change the email of the embedded wallet's user: `updateEmail` mails a code to the current
 * address (`VERIFY_PRIMARY_OTP`), `verifyPrimaryOtp` then mails one to the new address
 * (`VERIFY_SECONDARY_OTP`), `verifySecondaryOtp` finishes (polling the frame each second until it
 * reports the new email). Errors: 'No auth connector found', 'Not connected to email or social',
 * 'Invalid email', 'Invalid otp', the auth server's messages. The code loads on first use.
 *
 * @example
 * const update = useUpdateEmail()
 * update.updateEmail.mutate({ email: 'new@example.com' })
 * if (update.step === 'VERIFY_PRIMARY_OTP') update.verifyPrimaryOtp.mutate({ otp })
 */
export function useUpdateEmail() {
  const { portico, queryClient } = usePortico('useUpdateEmail')
  const [step, setStep] = useState<UpdateEmailStep>('EMAIL')
  const updateEmail = useMutation<UpdateEmailStep, BaseError, { email: string }>(
    {
      mutationKey: ['portico', 'updateEmail', 'email'],
      mutationFn: singleFlightMutation(portico, ['portico', 'updateEmail', 'email'], async ({ email }) => {
        const { updateEmail } = await import('../updateEmail.js')
        const { action } = await updateEmail(portico, { email })
        setStep(action)
        return action
      }),
    },
    queryClient,
  )
  const verifyPrimaryOtp = useMutation<void, BaseError, { otp: string }>(
    {
      mutationKey: ['portico', 'updateEmail', 'primaryOtp'],
      mutationFn: singleFlightMutation(portico, ['portico', 'updateEmail', 'primaryOtp'], async ({ otp }) => {
        const { updateEmailPrimaryOtp } = await import('../updateEmail.js')
        await updateEmailPrimaryOtp(portico, { otp })
        setStep('VERIFY_SECONDARY_OTP')
      }),
    },
    queryClient,
  )
  const verifySecondaryOtp = useMutation<{ email: string }, BaseError, { otp: string }>(
    {
      mutationKey: ['portico', 'updateEmail', 'secondaryOtp'],
      mutationFn: singleFlightMutation(portico, ['portico', 'updateEmail', 'secondaryOtp'], async ({ otp }) => {
        const { updateEmailSecondaryOtp } = await import('../updateEmail.js')
        const result = await updateEmailSecondaryOtp(portico, { otp })
        setStep('DONE')
        return result
      }),
    },
    queryClient,
  )
  const reset = useCallback(() => {
    setStep('EMAIL')
    updateEmail.reset()
    verifyPrimaryOtp.reset()
    verifySecondaryOtp.reset()
  }, [updateEmail.reset, verifyPrimaryOtp.reset, verifySecondaryOtp.reset])
  return { step, updateEmail, verifyPrimaryOtp, verifySecondaryOtp, reset }
}
