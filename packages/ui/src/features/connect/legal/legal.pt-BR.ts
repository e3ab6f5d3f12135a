import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalPtBR = {
  legalTerms: 'Termos de Serviço',
  legalPrivacy: 'Política de Privacidade',
  legalTermsRef: (terms) => `os ${terms}`,
  legalPrivacyRef: (privacy) => `a ${privacy}`,
  legalBoth: (terms, privacy) => `${terms} e ${privacy}`,
  legalAgree: (documents) => `Concordo com ${documents}`,
  legalNotice: (documents) => `Ao conectar sua carteira, você concorda com ${documents}.`,
} satisfies Catalogue<typeof legalEn>
