import { usePortico } from '@portico/headless'
import { useId } from 'react'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { afterConnected } from '../../modal/afterConnected.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import type { ViewEntryOf } from '../../modal/views.js'
import { useEmailLogin } from './emailLogin.js'
import * as css from './embedded.css.js'
import { useInitFailure } from './initFailure.js'
import { embeddedMessages } from './messages.js'
import { OtpInput } from './OtpInput.js'
import { refusalText } from './refusalText.js'
import { useEmailCooldown } from './useCooldown.js'
import { useWatchEmbedded } from './watchEmbedded.js'
import { withAddress } from './withAddress.js'

/**
 * @internal
 * The spec's EmailLogin view, opened by the Connect view's email field once it sent the code (or,
 * on a new device, the approval link: the device-verification wait): asks for the 6-digit code and
 * connects. Resend waits out the 30 s cooldown ('Please try again after {n} seconds'), also during
 * the device approval; the auth server's refusals (wrong or expired code) are shown in the user's
 * language.
 */
export function EmailLoginView({ data }: ViewEntryOf<'EmailLogin'>) {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('EmailLoginView')
  const { portico } = usePortico('EmailLoginView')
  const toasts = useToasts()
  const { login, state } = useEmailLogin()
  const { step } = state
  const ids = useId()
  useWatchEmbedded(true)
  const initFailed = useInitFailure(state.sendError ?? state.verifyError, text)
  const cooldown = useEmailCooldown(state.sentAt)

  if (!text || initFailed) return <ViewLoading />
  const resend = () => {
    const resent = step === 'VERIFY_DEVICE' ? text.deviceResent : text.otpResent
    void login.send(portico, data.email).then((sent) => sent && toasts.show('success', resent))
  }
  const sendError = state.sendError
  const error =
    sendError?.name === 'EmailCooldownError'
      ? undefined // The countdown below says it, live.
      : refusalText(sendError ?? state.verifyError, text)
  const resendRow = (label: string) => (
    <div className={css.resend}>
      <p className={views.muted}>
        {text.otpNotReceived}{' '}
        <button
          type="button"
          className={css.linkButton}
          disabled={cooldown > 0 || state.sending}
          aria-describedby={cooldown > 0 ? `${ids}-cooldown` : undefined}
          onClick={resend}
          data-slot="email-resend"
        >
          {label}
        </button>
      </p>
      {cooldown > 0 ? (
        <p id={`${ids}-cooldown`} className={views.muted} data-slot="email-cooldown">
          {text.otpCooldown(cooldown)}
        </p>
      ) : null}
    </div>
  )
  const errorLine = error ? (
    <p className={css.error} role="alert" data-slot="email-error">
      {error}
    </p>
  ) : null
  const changeEmail = (
    <button type="button" className={css.linkButton} onClick={() => modal.back()} data-slot="email-change">
      {text.otpChangeEmail}
    </button>
  )

  if (step === 'VERIFY_DEVICE')
    return (
      <div className={views.center} data-slot="email-login" data-step="verify-device">
        <p className={views.headline}>{text.deviceTitle}</p>
        <p className={views.muted}>{withAddress(text.deviceBody, data.email)}</p>
        <Spinner size={24} label={text.deviceWaiting} />
        {errorLine}
        {resendRow(text.deviceResend)}
        {changeEmail}
      </div>
    )
  if (step === 'VERIFY_OTP' || step === 'CONNECTED')
    return (
      <div className={views.center} data-slot="email-login" data-step="verify-otp">
        <p id={`${ids}-prompt`}>{withAddress(text.otpPrompt, data.email)}</p>
        <OtpInput
          text={text}
          describedBy={`${ids}-prompt`}
          disabled={state.verifying || step === 'CONNECTED'}
          invalid={state.verifyError !== undefined}
          onComplete={(otp) =>
            void login.verify(portico, otp).then((connected) => {
              // Spec: connected, the modal shows the account (unless sign-in took over the modal, or
              // the login was asked again from the wallets list, which then shows it).
              if (connected) afterConnected(modal, () => modal.open({ view: 'Account' }))
            })
          }
        />
        {state.verifying || step === 'CONNECTED' ? <Spinner size={20} label={text.otpVerifying} /> : null}
        {errorLine}
        {resendRow(text.otpResend)}
        {changeEmail}
      </div>
    )
  // Sending (or the send failed before the auth server named a step).
  return (
    <div className={views.center} data-slot="email-login" data-step="email">
      {state.sending ? <Spinner size={24} label={text.emailSending} /> : null}
      {errorLine}
      {sendError ? (
        <>
          {cooldown > 0 ? (
            <p className={views.muted} data-slot="email-cooldown">
              {text.otpCooldown(cooldown)}
            </p>
          ) : null}
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'md' })}
            disabled={cooldown > 0}
            onClick={() => void login.send(portico, data.email)}
            data-slot="email-retry"
          >
            {/* Nothing was mailed: the same send again, not a resend. */}
            {text.retry}
          </button>
          {changeEmail}
        </>
      ) : null}
    </div>
  )
}

EmailLoginView.featureTitle = {
  messages: embeddedMessages,
  title: (text: Catalogue<typeof embeddedMessages.en>) => text.emailLoginTitle,
} satisfies FeatureTitle
