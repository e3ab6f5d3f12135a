import type { BaseError, Portico } from '@portico/headless'
import type { EmailLoginStep } from '@portico/headless/embedded/react'
import { usePorticoUI } from '../../context.js'
import type { ModalController } from '../../modal/controller.js'
import { createStore, useStore } from '../../utils/store.js'
import { asBaseError } from './asBaseError.js'

/** Where the modal's email login stands (the spec's steps), and how its last request ended. */
export type EmailLoginState = {
  step: EmailLoginStep
  /** A code (or device link) is being mailed, or the device approval awaited. */
  sending: boolean
  /** The last send's refusal: 'Please try again after {n} seconds', the auth server's own words. */
  sendError: BaseError | undefined
  /** When the last send was asked: the cooldown is read again then. */
  sentAt: number
  verifying: boolean
  verifyError: BaseError | undefined
}

const initial: EmailLoginState = {
  step: 'EMAIL',
  sending: false,
  sendError: undefined,
  sentAt: 0,
  verifying: false,
  verifyError: undefined,
}

/**
 * @internal
 * One modal's email login, started by the user's submit in the Connect view's field (never by
 * the view that shows its steps): mails the code, or on a new device the approval link, then
 * waits for the approval; `verify` checks the code and connects. The embedded wallet's code loads
 * on the first send. Made per modal on first use (see {@link useEmailLogin}).
 *
 * @example
 * const login = modal.local(createEmailLogin)
 * void login.send(portico, 'me@example.com')
 */
export function createEmailLogin() {
  const { get, set, subscribe } = createStore(initial)
  // The device-approval wait in progress: a resend during it mails a new link, and this one wait
  // (the frame polls the latest login) picks up the approval; a second wait would poll beside it.
  let deviceWait: Promise<unknown> | undefined
  return {
    get,
    subscribe,
    /** Starts over for a new address (the field's submit). */
    reset() {
      set(initial)
    },
    /**
     * Mails the code for `email`, or on a new device the approval link; resolves `true` once it is
     * on its way and any device approved, or, for a resend during the approval wait, once mailed.
     */
    async send(portico: Portico, email: string): Promise<boolean> {
      set({ sending: true, sendError: undefined, sentAt: Date.now() })
      try {
        const { startEmailLogin, waitForDeviceApproval } = await import('@portico/headless/embedded')
        const { action } = await startEmailLogin(portico, { email })
        // Mailed: the user may ask again (after the cooldown) while the approval is awaited.
        set({ step: action, sending: false })
        if (action === 'VERIFY_DEVICE') {
          if (deviceWait) return true
          deviceWait = waitForDeviceApproval(portico)
          try {
            await deviceWait
          } finally {
            deviceWait = undefined
          }
          set({ step: 'VERIFY_OTP' })
        }
        return true
      } catch (error) {
        set({ sending: false, sendError: asBaseError(error) })
        return false
      }
    },
    /** Checks the code and connects; resolves `true` once connected. */
    async verify(portico: Portico, otp: string): Promise<boolean> {
      set({ verifying: true, verifyError: undefined })
      try {
        const { verifyEmailOtp } = await import('@portico/headless/embedded')
        await verifyEmailOtp(portico, { otp })
        set({ verifying: false, step: 'CONNECTED' })
        return true
      } catch (error) {
        set({ verifying: false, verifyError: asBaseError(error) })
        return false
      }
    },
  }
}

/**
 * @internal The modal's email login and its state, re-rendering on change.
 *
 * @example
 * const { login, state } = useEmailLogin()
 * if (state.step === 'VERIFY_OTP') login.verify(portico, otp)
 */
export function useEmailLogin() {
  const login = usePorticoUI('useEmailLogin').modal.local(createEmailLogin)
  const state = useStore(login)
  return { login, state }
}

/**
 * @internal
 * Starts the modal's email login for `email` from the user's action (the Connect view's field, or a
 * disconnected email wallet's Reconnect in the wallets list): the code is mailed now and the
 * EmailLogin view shows how it goes. A second start while that view is on top (a double submit)
 * does nothing.
 *
 * @example
 * openEmailLogin(modal, portico, 'me@example.com')
 */
export function openEmailLogin(modal: ModalController, portico: Portico, email: string): void {
  if (modal.navigation.get().history.at(-1)?.view === 'EmailLogin') return
  const login = modal.local(createEmailLogin)
  login.reset()
  void login.send(portico, email)
  modal.push({ view: 'EmailLogin', data: { email } })
}
