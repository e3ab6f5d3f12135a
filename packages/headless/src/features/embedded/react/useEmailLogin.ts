'use client'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { ConnectReturnType } from '../../../kernel/actions/connect.js'
import type { BaseError } from '../../../kernel/errors/base.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { singleFlightMutation } from '../../../kernel/state/singleFlight.js'

/** Where an email login stands: the spec's VERIFY_DEVICE and VERIFY_OTP steps, then CONNECT(ed). */
export type EmailLoginStep = 'EMAIL' | 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECTED'

/**
 * Email login with the embedded wallet. `sendEmail` mails a code (or, on a new device, a device
 * approval link: the step is `VERIFY_DEVICE` until the link is approved, then `VERIFY_OTP`);
 * `verifyOtp` checks the code and connects (status `connecting`, then `connected`). The embedded
 * wallet's code loads on the first `sendEmail`, never with the page. Errors are typed: 'Please try
 * again after {n} seconds', 'Invalid email', 'Invalid otp', the auth server's own messages.
 *
 * @example
 * const login = useEmailLogin()
 * login.sendEmail.mutate({ email })
 * if (login.step === 'VERIFY_OTP') login.verifyOtp.mutate({ otp })
 */
export function useEmailLogin() {
  const { portico, queryClient } = usePortico('useEmailLogin')
  const [step, setStep] = useState<EmailLoginStep>('EMAIL')
  const sendEmail = useMutation<EmailLoginStep, BaseError, { email: string }>(
    {
      mutationKey: ['portico', 'emailLogin', 'sendEmail'],
      mutationFn: singleFlightMutation(portico, ['portico', 'emailLogin', 'sendEmail'], async ({ email }) => {
        const { startEmailLogin } = await import('../startEmailLogin.js')
        const { action } = await startEmailLogin(portico, { email })
        setStep(action)
        if (action === 'VERIFY_DEVICE') {
          const { waitForDeviceApproval } = await import('../waitForDeviceApproval.js')
          await waitForDeviceApproval(portico)
          setStep('VERIFY_OTP')
        }
        return action
      }),
    },
    queryClient,
  )
  const verifyOtp = useMutation<ConnectReturnType, BaseError, { otp: string }>(
    {
      mutationKey: ['portico', 'emailLogin', 'verifyOtp'],
      mutationFn: singleFlightMutation(portico, ['portico', 'emailLogin', 'verifyOtp'], async ({ otp }) => {
        const { verifyEmailOtp } = await import('../verifyEmailOtp.js')
        const result = await verifyEmailOtp(portico, { otp })
        setStep('CONNECTED')
        return result
      }),
    },
    queryClient,
  )
  const reset = useCallback(() => {
    setStep('EMAIL')
    sendEmail.reset()
    verifyOtp.reset()
  }, [sendEmail.reset, verifyOtp.reset])
  return { step, sendEmail, verifyOtp, reset }
}
