import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalKo = {
  legalTerms: '서비스 약관',
  legalPrivacy: '개인정보 처리방침',
  legalTermsRef: (terms) => `${terms}`,
  legalPrivacyRef: (privacy) => `${privacy}`,
  legalBoth: (terms, privacy) => `${terms} 및 ${privacy}`,
  legalAgree: (documents) => `${documents}에 동의합니다`,
  legalNotice: (documents) => `지갑을 연결하면 ${documents}에 동의하는 것으로 간주됩니다.`,
} satisfies Catalogue<typeof legalEn>
