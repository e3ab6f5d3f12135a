'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { getEmailLoginStep, setEmailLoginStep, watchEmailLoginStep } from '../flowStep.js'
import { sendEmailLoginMutationOptions, verifyEmailOtpMutationOptions } from '../query.js'

export type { EmailLoginStep } from '../flowStep.js'

/**
 * Email login with the embedded wallet. `sendEmail` mails a code (or, on a new device, a device
 * approval link: the step is `VERIFY_DEVICE` until the link is approved, then `VERIFY_OTP`);
 * `verifyOtp` checks the code and connects (status `connecting`, then `connected`). The embedded
 * wallet's code loads on the first `sendEmail`, never with the page. Errors are typed: 'Please try
 * again after {n} seconds', 'Invalid email', 'Invalid otp', the auth server's own messages. `step`
 * is the instance's (`getEmailLoginStep`); `reset` starts over at 'EMAIL'.
 *
 * @example
 * const login = useEmailLogin()
 * login.sendEmail.mutate({ email })
 * if (login.step === 'VERIFY_OTP') login.verifyOtp.mutate({ otp })
 */
export function useEmailLogin() {
  const { portico, queryClient } = usePortico('useEmailLogin')
  const step = useCoreState(
    (onChange) => watchEmailLoginStep(portico, { onChange }),
    () => getEmailLoginStep(portico),
    [portico],
  )
  const sendEmail = useMutation(sendEmailLoginMutationOptions(portico), queryClient)
  const verifyOtp = useMutation(verifyEmailOtpMutationOptions(portico), queryClient)
  const reset = useCallback(() => {
    setEmailLoginStep(portico, 'EMAIL')
    sendEmail.reset()
    verifyOtp.reset()
  }, [portico, sendEmail.reset, verifyOtp.reset])
  return { step, sendEmail, verifyOtp, reset }
}
