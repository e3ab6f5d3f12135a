import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalDe = {
  legalTerms: 'Nutzungsbedingungen',
  legalPrivacy: 'Datenschutzerklärung',
  legalTermsRef: (terms) => `den ${terms}`,
  legalPrivacyRef: (privacy) => `der ${privacy}`,
  legalBoth: (terms, privacy) => `${terms} und ${privacy}`,
  legalAgree: (documents) => `Ich stimme ${documents} zu`,
  legalNotice: (documents) => `Mit dem Verbinden Ihrer Wallet stimmen Sie ${documents} zu.`,
} satisfies Catalogue<typeof legalEn>
