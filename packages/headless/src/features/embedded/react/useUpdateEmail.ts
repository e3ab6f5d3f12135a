'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { getUpdateEmailStep, setUpdateEmailStep, watchUpdateEmailStep } from '../flowStep.js'
import {
  updateEmailMutationOptions,
  updateEmailPrimaryOtpMutationOptions,
  updateEmailSecondaryOtpMutationOptions,
} from '../query.js'

export type { UpdateEmailStep } from '../flowStep.js'

/**
 * Change the email of the embedded wallet's user: `updateEmail` mails a code to the current
 * address (`VERIFY_PRIMARY_OTP`), `verifyPrimaryOtp` then mails one to the new address
 * (`VERIFY_SECONDARY_OTP`), `verifySecondaryOtp` finishes (polling the frame each second until it
 * reports the new email; the user is then refetched, so views show it). Errors: 'No auth
 * connector found', 'Not connected to email or social', 'Invalid email', 'Invalid otp', the auth
 * server's messages. The code loads on first use. `step` is the instance's
 * (`getUpdateEmailStep`); `reset` starts over at 'EMAIL'.
 *
 * @example
 * const update = useUpdateEmail()
 * update.updateEmail.mutate({ email: 'new@example.com' })
 * if (update.step === 'VERIFY_PRIMARY_OTP') update.verifyPrimaryOtp.mutate({ otp })
 */
export function useUpdateEmail() {
  const { portico, queryClient } = usePortico('useUpdateEmail')
  const step = useCoreState(
    (onChange) => watchUpdateEmailStep(portico, { onChange }),
    () => getUpdateEmailStep(portico),
    [portico],
  )
  const updateEmail = useMutation(updateEmailMutationOptions(portico), queryClient)
  const verifyPrimaryOtp = useMutation(updateEmailPrimaryOtpMutationOptions(portico), queryClient)
  const verifySecondaryOtp = useMutation(updateEmailSecondaryOtpMutationOptions(portico, { queryClient }), queryClient)
  const reset = useCallback(() => {
    setUpdateEmailStep(portico, 'EMAIL')
    updateEmail.reset()
    verifyPrimaryOtp.reset()
    verifySecondaryOtp.reset()
  }, [portico, updateEmail.reset, verifyPrimaryOtp.reset, verifySecondaryOtp.reset])
  return { step, updateEmail, verifyPrimaryOtp, verifySecondaryOtp, reset }
}
