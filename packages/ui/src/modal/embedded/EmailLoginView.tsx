import { useEmailLogin } from '@portico/headless/embedded/react'
import { useEffect, useId } from 'react'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import { type Catalogue, useFeatureMessages } from '../../i18n/featureMessages.js'
import type { ViewData } from '../../state/modalStore.js'
import type { FeatureTitle } from '../featureTitle.js'
import { ViewLoading } from '../views/ViewLoading.js'
import * as views from '../views/views.css.js'
import * as css from './embedded.css.js'
import { useInitFailure } from './initFailure.js'
import { embeddedMessages } from './messages.js'
import { OtpInput } from './OtpInput.js'
import { useEmailCooldown } from './useCooldown.js'
import { useWatchEmbedded } from './watchEmbedded.js'

// The email each EmailLogin entry was opened for is sent once (a remount of the same entry, e.g.
// React's strict mode, must not mail twice); a new entry (the user submitted again) sends again.
const sent = new WeakSet<object>()

/**
 * @internal
 * The spec's EmailLogin view, opened by the Connect view's email field: mails the code (or, on a
 * new device, the approval link: the device-verification wait), then asks for the 6-digit code and
 * connects. Resend waits out the 30 s cooldown ('Please try again after {n} seconds'); the auth
 * server's refusals (wrong or expired code) are shown as it words them.
 */
export function EmailLoginView({ data }: { data: ViewData<'EmailLogin'> }) {
  const text = useFeatureMessages(embeddedMessages)
  const { store } = usePorticoUI('EmailLoginView')
  const { step, sendEmail, verifyOtp } = useEmailLogin()
  const ids = useId()
  useWatchEmbedded(true)
  useEffect(() => {
    if (sent.has(data)) return
    sent.add(data)
    sendEmail.mutate({ email: data.email })
  }, [data, sendEmail.mutate])
  const initFailed = useInitFailure(sendEmail.error ?? verifyOtp.error, text)
  const cooldown = useEmailCooldown(sendEmail.submittedAt)

  if (!text || initFailed) return <ViewLoading />
  const resend = () =>
    sendEmail.mutate({ email: data.email }, { onSuccess: () => store.showToast('success', text.otpResent) })
  const sendError = sendEmail.error
  const error =
    sendError?.name === 'EmailCooldownError'
      ? undefined // The countdown below says it, live.
      : (sendError?.shortMessage ?? (verifyOtp.isError ? verifyOtp.error.shortMessage : undefined))
  const resendRow = (label: string) => (
    <div className={css.resend}>
      <p className={views.muted}>
        {text.otpNotReceived}{' '}
        <button
          type="button"
          className={css.linkButton}
          disabled={cooldown > 0 || sendEmail.isPending}
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
    <button type="button" className={css.linkButton} onClick={() => store.back()} data-slot="email-change">
      {text.otpChangeEmail}
    </button>
  )

  if (step === 'VERIFY_DEVICE')
    return (
      <div className={views.center} data-slot="email-login" data-step="verify-device">
        <p className={views.headline}>{text.deviceTitle}</p>
        <p className={views.muted}>{text.deviceBody(data.email)}</p>
        <Spinner size={24} label={text.deviceWaiting} />
        {errorLine}
        {resendRow(text.deviceResend)}
        {changeEmail}
      </div>
    )
  if (step === 'VERIFY_OTP' || step === 'CONNECTED')
    return (
      <div className={views.center} data-slot="email-login" data-step="verify-otp">
        <p id={`${ids}-prompt`}>{text.otpPrompt(data.email)}</p>
        <OtpInput
          text={text}
          describedBy={`${ids}-prompt`}
          disabled={verifyOtp.isPending || step === 'CONNECTED'}
          invalid={verifyOtp.isError}
          onComplete={(otp) =>
            verifyOtp.mutate(
              { otp },
              {
                // Spec: connected, the modal shows the account (unless sign-in took over the modal).
                onSuccess: () => {
                  if (store.getState().history.at(-1)?.view !== 'SIWXSignMessage') store.open({ view: 'Account' })
                },
              },
            )
          }
        />
        {verifyOtp.isPending || step === 'CONNECTED' ? <Spinner size={20} label={text.otpVerifying} /> : null}
        {errorLine}
        {resendRow(text.otpResend)}
        {changeEmail}
      </div>
    )
  // Sending (or the send failed before the auth server named a step).
  return (
    <div className={views.center} data-slot="email-login" data-step="email">
      {sendEmail.isPending ? <Spinner size={24} label={text.emailSending} /> : null}
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
            onClick={() => sendEmail.mutate({ email: data.email })}
            data-slot="email-retry"
          >
            {text.otpResend}
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
