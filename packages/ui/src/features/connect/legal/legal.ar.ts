import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalAr = {
  legalTerms: 'شروط الخدمة',
  legalPrivacy: 'سياسة الخصوصية',
  legalTermsRef: (terms) => `${terms}`,
  legalPrivacyRef: (privacy) => `${privacy}`,
  legalBoth: (terms, privacy) => `${terms} و${privacy}`,
  legalAgree: (documents) => `أوافق على ${documents}`,
  legalNotice: (documents) => `بربط محفظتك، فإنك توافق على ${documents}.`,
} satisfies Catalogue<typeof legalEn>
