import { usePortico } from '@portico/headless'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { button } from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { preloadView } from '../../modal/views.js'
import { openEmailLogin } from './emailLogin.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { warmEmailLogin } from './warmEmailLogin.js'

// The spec only asks for a valid email; the auth server and the headless action check it again.
// Dot-separated domain labels, none empty: `a@example.com.` and `a@example..com` are no addresses.
const emailShape = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

// The embedded wallet's login cache, read without its schema (which lives in the embedded wallet's
// code, not loaded yet): only `used: true` matters here, the restore checks the rest.
const loginCacheKey = 'embedded-login'
const anyShape = { safeParse: (data: unknown) => ({ success: true, data }) }
type StorageSchema = Parameters<ReturnType<typeof usePortico>['portico']['storage']['get']>[1]

/**
 * @internal
 * The Connect view's email login field. It holds no embedded wallet code: the visitor reaching for
 * the field (the pointer moving over it, a press, focus or a keystroke in it) starts loading the
 * EmailLogin view's chunk and the embedded wallet, and adds the secure frame (see
 * {@link warmEmailLogin}); submitting a valid address sends the code and opens that view.
 */
export function EmailField() {
  const text = useFeatureMessages(embeddedMessages)
  const { modal } = usePorticoUI('EmailField')
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const ids = useId()
  const { portico } = usePortico('EmailField')
  // The visitor reaches for the email login: now the embedded wallet's code is worth fetching, and
  // its frame worth starting (its load, its ready report and the spec's 500 ms after it take well
  // over half a second, which then run before the Continue instead of after it). The modal's own
  // opening focus goes to its Close button, so focus here is the visitor's (a click, or Tab). Once
  // per field: pointermove fires on every pixel.
  const warmed = useRef(false)
  const intent = () => {
    if (warmed.current) return
    warmed.current = true
    preloadView(modal.table, 'EmailLogin').catch(() => {})
    warmEmailLogin(portico)
  }
  // A visitor who logged in by email before this reload: restore the session (no code needed).
  useEffect(() => {
    const cache = portico.storage.get(loginCacheKey, anyShape as unknown as StorageSchema) as
      | { used?: unknown }
      | undefined
    if (cache?.used !== true || !text) return
    void import('./restoreEmbedded.js').then((m) => m.restoreEmbedded(portico, modal, text))
  }, [portico, modal, text])
  if (!text) return <div className={views.emailFieldSpace} aria-hidden="true" />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!emailShape.test(value)) return setInvalid(true)
    // The code is mailed from this submit (a double submit: the login it opened is already on top).
    openEmailLogin(modal, portico, value)
  }
  return (
    <form
      className={css.form}
      onSubmit={submit}
      onPointerMove={intent}
      onPointerDown={intent}
      onFocus={intent}
      noValidate
      data-slot="email-field"
    >
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
            // A keystroke, a paste or an autofill (the focus before it has usually started it).
            intent()
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
