import { type FormEvent, useId, useState } from 'react'
import { button } from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/featureMessages.js'
import { preloadView } from '../loadModal.js'
import * as views from '../views/views.css.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'

// The spec only asks for a valid email; the auth server and the headless action check it again.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * @internal
 * The Connect view's email login field. It holds no embedded wallet code: typing starts loading
 * the EmailLogin view's chunk (the embedded wallet with it), and submitting a valid address opens
 * that view, which sends the code.
 */
export function EmailField() {
  const text = useFeatureMessages(embeddedMessages)
  const { store } = usePorticoUI('EmailField')
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const ids = useId()
  if (!text) return <div className={views.emailFieldSpace} aria-hidden="true" />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!emailShape.test(value)) return setInvalid(true)
    store.push({ view: 'EmailLogin', data: { email: value } })
  }
  return (
    <form className={css.form} onSubmit={submit} noValidate data-slot="email-field">
      <div className={css.emailField} data-invalid={invalid}>
        <input
          className={css.emailInput}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={text.emailPlaceholder}
          aria-label={text.emailLabel}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${ids}-error` : undefined}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            setInvalid(false)
            // The visitor is typing an email: now the embedded wallet's code is worth fetching.
            preloadView('EmailLogin').catch(() => {})
          }}
          data-slot="email-input"
        />
        <button
          type="submit"
          className={button({ variant: 'primary', size: 'sm' })}
          disabled={email.trim() === ''}
          data-slot="email-submit"
        >
          {text.emailSubmit}
        </button>
      </div>
      {invalid ? (
        <p id={`${ids}-error`} className={css.error} role="alert" data-slot="email-invalid">
          {text.emailInvalid}
        </p>
      ) : null}
    </form>
  )
}
