import { usePortico } from '@portico/headless'
import { type ReactNode, useId } from 'react'
import { usePorticoUI } from '../../../context.js'
import { useFeatureMessages } from '../../../i18n/useFeatureMessages.js'
import { useStore } from '../../../utils/store.js'
import { createConsent } from './consent.js'
import * as styles from './legal.css.js'
import { legalMessages } from './messages.js'

// Stand-ins (private-use characters, never in a translation) for the links while the sentence is built in the user's language (word order is
// the language's), then the sentence is split at them and each is replaced by its link.
const termsMark = '\uE000'
const privacyMark = '\uE001'

/**
 * @internal
 * The host's terms and privacy policy in the Connect view: a checkbox that connecting waits for
 * (`mode: 'checkbox'`, the `legalCheckbox` feature), or a line saying that connecting agrees to
 * them. The links open in a new tab and never tick the box.
 */
export function LegalConsent({ mode }: { mode: 'checkbox' | 'notice' }) {
  const { modal } = usePorticoUI('LegalConsent')
  const { portico } = usePortico('LegalConsent')
  const text = useFeatureMessages(legalMessages)
  const consent = modal.local(createConsent)
  const { agreed } = useStore(consent)
  const id = useId()
  if (!text) return <div className={styles.legalSpace} aria-hidden="true" />
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = portico.options
  const termsRef = terms ? text.legalTermsRef(termsMark) : undefined
  const privacyRef = privacy ? text.legalPrivacyRef(privacyMark) : undefined
  const documents = termsRef && privacyRef ? text.legalBoth(termsRef, privacyRef) : (termsRef ?? privacyRef ?? '')
  const sentence = mode === 'checkbox' ? text.legalAgree(documents) : text.legalNotice(documents)
  // Text parts stay strings (no key needed); each link is keyed by its document.
  const parts = sentence.split(/([\uE000\uE001])/).map((part) =>
    part === termsMark && terms ? (
      <LegalLink key="terms" href={terms}>
        {text.legalTerms}
      </LegalLink>
    ) : part === privacyMark && privacy ? (
      <LegalLink key="privacy" href={privacy}>
        {text.legalPrivacy}
      </LegalLink>
    ) : (
      part
    ),
  )
  if (mode === 'notice')
    return (
      <p className={styles.notice} data-slot="legal-notice">
        {parts}
      </p>
    )
  return (
    <div className={styles.checkbox} data-slot="legal-checkbox">
      <input
        id={id}
        type="checkbox"
        className={styles.box}
        checked={agreed}
        onChange={(event) => consent.set({ agreed: event.currentTarget.checked })}
      />
      <label htmlFor={id}>{parts}</label>
    </div>
  )
}

function LegalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {children}
    </a>
  )
}
