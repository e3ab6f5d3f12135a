import { useEmbeddedWallet, useUpdateEmail } from '@portico/headless/embedded/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { button } from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { OtpInput } from './OtpInput.js'
import { refusalText } from './refusalText.js'
import { withAddress } from './withAddress.js'

// Dot-separated domain labels, none empty: `a@example.com.` and `a@example..com` are no addresses.
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/**
 * @internal
 * The spec's UpdateEmailWallet view: the new address, then the code mailed to the current address
 * (primary), then the code mailed to the new one (secondary); done, the Account view shows the
 * new email. The auth server's refusals are shown as it words them.
 */
export function UpdateEmailWalletView() {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('UpdateEmailWalletView')
  const toasts = useToasts()
  const { user } = useEmbeddedWallet()
  const { step, updateEmail, verifyPrimaryOtp, verifySecondaryOtp, reset } = useUpdateEmail()
  // The email change's step is the instance's; leaving this view abandons the change, so the next
  // visit starts at the address again (the new address typed here is not kept either).
  useEffect(() => reset, [reset])
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const ids = useId()
  if (!text) return <ViewLoading />

  const current = user.data?.email ?? ''
  const error = refusalText([updateEmail, verifyPrimaryOtp, verifySecondaryOtp].find((m) => m.isError)?.error, text)
  const errorLine = error ? (
    <p className={css.error} role="alert" data-slot="update-email-error">
      {error}
    </p>
  ) : null

  if (step === 'VERIFY_PRIMARY_OTP' || step === 'VERIFY_SECONDARY_OTP') {
    const primary = step === 'VERIFY_PRIMARY_OTP'
    const mutation = primary ? verifyPrimaryOtp : verifySecondaryOtp
    return (
      <div className={views.center} data-slot="update-email" data-step={primary ? 'primary' : 'secondary'}>
        <p id={`${ids}-prompt`}>
          {primary ? withAddress(text.updateEmailPrimary, current) : withAddress(text.updateEmailSecondary, email)}
        </p>
        <OtpInput
          // A new set of boxes for the second code.
          key={step}
          text={text}
          describedBy={`${ids}-prompt`}
          disabled={mutation.isPending}
          invalid={mutation.isError}
          onComplete={(otp) =>
            primary
              ? verifyPrimaryOtp.mutate({ otp })
              : verifySecondaryOtp.mutate(
                  { otp },
                  {
                    onSuccess: () => {
                      toasts.show('success', text.updateEmailDone)
                      modal.back()
                    },
                  },
                )
          }
        />
        {mutation.isPending ? <Spinner size={20} label={text.otpVerifying} /> : null}
        {errorLine}
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!emailShape.test(value)) return setInvalid(true)
    setEmail(value)
    updateEmail.mutate({ email: value })
  }
  return (
    <form className={css.form} onSubmit={submit} noValidate data-slot="update-email" data-step="email">
      <p className={views.muted} id={`${ids}-body`}>
        {text.updateEmailBody}
      </p>
      <div className={css.emailField} data-invalid={invalid}>
        <input
          className={css.emailInput}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={text.updateEmailNew}
          aria-label={text.updateEmailNew}
          aria-describedby={invalid ? `${ids}-body ${ids}-invalid` : `${ids}-body`}
          aria-invalid={invalid || undefined}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            setInvalid(false)
          }}
          // biome-ignore lint/a11y/noAutofocus: the new address is all this step asks for.
          autoFocus
          data-slot="update-email-input"
        />
        <button
          type="submit"
          className={button({ variant: 'primary', size: 'sm' })}
          disabled={email.trim() === '' || updateEmail.isPending}
          data-slot="update-email-submit"
        >
          {updateEmail.isPending ? <Spinner size={14} /> : null}
          {text.emailSubmit}
        </button>
      </div>
      {invalid ? (
        <p id={`${ids}-invalid`} className={css.error} role="alert">
          {text.emailInvalid}
        </p>
      ) : null}
      {errorLine}
    </form>
  )
}

UpdateEmailWalletView.featureTitle = {
  messages: embeddedMessages,
  title: (text: Catalogue<typeof embeddedMessages.en>) => text.updateEmailTitle,
} satisfies FeatureTitle
