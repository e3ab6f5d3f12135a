import { useConnection, usePortico } from '@portico/headless'
import { toAccountName } from '@portico/headless/names'
import { useNameSuggestions, useNamesForAddress, useRegisterName } from '@portico/headless/names/react'
import { type FormEvent, useId } from 'react'
import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useStore } from '../../utils/store.js'
import { namesMessages } from './messages.js'
import { nameInputProblem, nameLabel } from './nameInput.js'
import * as styles from './names.css.js'
import { registerErrorText } from './registerError.js'
import { createRegisterForm, showSuccessOnForm } from './registerForm.js'

/**
 * @internal
 * The spec's RegisterAccountName view: the user types a name (letters, digits and hyphen, at least
 * 4 characters, checked as typed), sees the profile service's suggestions with the configured
 * suffix (free ones fill the field), and registers it: the wallet signs (loading meanwhile), then
 * the success view replaces this one. A declined signature or a failure stays here with its text.
 */
export function RegisterAccountNameView() {
  const text = useFeatureMessages(namesMessages)
  if (!text) return <ViewLoading />
  return <RegisterAccountNameForm text={text} />
}

function RegisterAccountNameForm({ text }: { text: Catalogue<typeof namesMessages.en> }) {
  const { modal } = usePorticoUI('RegisterAccountNameView')
  const { portico } = usePortico('RegisterAccountNameView')
  const connection = useConnection({ namespace: 'eip155' })
  const names = useNamesForAddress({ address: connection.address })
  const register = useRegisterName()
  const form = modal.local(createRegisterForm)
  const { typed, status, name: registering, error: failure } = useStore(form)
  const pending = status === 'pending'
  const inputId = useId()
  const problemId = useId()
  const suffixes = portico.options.nameSuffixes
  const problem = nameInputProblem(typed, suffixes)
  const accountName = problem ? undefined : toAccountName(portico, typed)
  const suggestions = useNameSuggestions({ name: accountName?.label, suffix: accountName?.suffix })
  const suffix = accountName?.suffix ?? suffixes[0] ?? ''
  const taken = Boolean(accountName && suggestions.data?.some((s) => s.registered && s.name === accountName.name))
  const error = status === 'failed' ? registerErrorText(text, failure, registering ?? '') : undefined
  const current = names.data?.[0]?.name

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!accountName || taken || pending) return
    form.start(accountName.name)
    try {
      const registered = await register.mutateAsync({ name: accountName.name })
      form.done()
      showSuccessOnForm(modal, registered.name)
    } catch (failed) {
      // Spec: cancel or failure returns to this view, which shows why.
      form.fail(failed)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-slot="register-name-view">
      <p className={views.muted}>{text.nameIntro}</p>
      {current ? (
        <p className={styles.message} data-slot="register-name-current">
          {text.nameCurrent(current)}
        </p>
      ) : names.isError ? (
        <p className={styles.error} data-slot="register-name-lookup-error">
          {text.nameErrorNamesForAddress}
        </p>
      ) : null}
      <label className={styles.label} htmlFor={inputId}>
        {text.nameLabel}
      </label>
      <div className={styles.field} data-invalid={Boolean(problem) || taken}>
        <input
          id={inputId}
          className={styles.input}
          value={typed}
          onChange={(event) => form.type(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={80}
          aria-invalid={Boolean(problem) || taken}
          aria-describedby={problem || taken ? problemId : undefined}
          disabled={pending}
          data-slot="register-name-input"
        />
        <span className={styles.suffix} data-slot="register-name-suffix">
          {suffix}
        </span>
      </div>
      {problem || taken ? (
        <p id={problemId} className={styles.error} data-slot="register-name-problem">
          {problem === 'characters'
            ? text.nameInvalidCharacters
            : problem === 'short'
              ? text.nameTooShort
              : problem === 'long'
                ? text.nameTooLong
                : text.nameIsTaken(accountName?.name ?? '')}
        </p>
      ) : null}
      {accountName ? (
        <Suggestions
          text={text}
          suggestions={suggestions}
          disabled={pending}
          onPick={(name) => form.type(nameLabel(name, suffixes))}
        />
      ) : null}
      {error ? (
        <p className={views.danger} role="alert" data-slot="register-name-error">
          <Icon name="warning" size={16} /> {error[0]}
          {error[1] ? <span style={{ display: 'block' }}>{error[1]}</span> : null}
        </p>
      ) : null}
      <button
        type="submit"
        className={css.button({ variant: 'primary', size: 'lg' })}
        disabled={!accountName || taken || pending}
        aria-busy={pending}
        data-slot="register-name-submit"
      >
        {pending ? <Spinner size={16} /> : null}
        {pending ? text.nameSigning : text.nameRegister}
      </button>
    </form>
  )
}

function Suggestions({
  text,
  suggestions,
  disabled,
  onPick,
}: {
  text: Catalogue<typeof namesMessages.en>
  suggestions: ReturnType<typeof useNameSuggestions>
  disabled: boolean
  onPick: (name: string) => void
}) {
  if (suggestions.isError)
    return (
      <p className={styles.error} role="alert" data-slot="register-name-suggestions-error">
        {text.nameErrorSuggestions}
      </p>
    )
  if (!suggestions.data)
    return suggestions.fetchStatus === 'fetching' ? (
      <p className={styles.message} data-slot="register-name-suggestions-loading">
        <Spinner size={14} /> {text.nameSuggestionsLoading}
      </p>
    ) : null
  if (suggestions.data.length === 0) return null
  return (
    <section aria-label={text.nameSuggestions} className={styles.suggestions} data-slot="register-name-suggestions">
      <p className={styles.label}>{text.nameSuggestions}</p>
      {suggestions.data.map((suggestion) => (
        <button
          key={suggestion.name}
          type="button"
          className={styles.suggestion}
          disabled={disabled || suggestion.registered}
          onClick={() => onPick(suggestion.name)}
          data-slot="register-name-suggestion"
          data-registered={suggestion.registered}
        >
          <span>{suggestion.name}</span>
          <span className={css.badge({ tone: suggestion.registered ? 'neutral' : 'success' })}>
            {suggestion.registered ? text.nameTaken : text.nameAvailable}
          </span>
        </button>
      ))}
    </section>
  )
}

RegisterAccountNameView.featureTitle = {
  messages: namesMessages,
  title: (text: Catalogue<typeof namesMessages.en>) => text.nameTitle,
} satisfies FeatureTitle
