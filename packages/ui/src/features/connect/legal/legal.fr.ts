import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalFr = {
  legalTerms: 'Conditions d’utilisation',
  legalPrivacy: 'Politique de confidentialité',
  legalTermsRef: (terms) => `les ${terms}`,
  legalPrivacyRef: (privacy) => `la ${privacy}`,
  legalBoth: (terms, privacy) => `${terms} et ${privacy}`,
  legalAgree: (documents) => `J’accepte ${documents}`,
  legalNotice: (documents) => `En connectant votre portefeuille, vous acceptez ${documents}.`,
} satisfies Catalogue<typeof legalEn>
