import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalEs = {
  legalTerms: 'Términos del servicio',
  legalPrivacy: 'Política de privacidad',
  legalTermsRef: (terms) => `los ${terms}`,
  legalPrivacyRef: (privacy) => `la ${privacy}`,
  legalBoth: (terms, privacy) => `${terms} y ${privacy}`,
  legalAgree: (documents) => `Acepto ${documents}`,
  legalNotice: (documents) => `Al conectar tu billetera, aceptas ${documents}.`,
} satisfies Catalogue<typeof legalEn>
