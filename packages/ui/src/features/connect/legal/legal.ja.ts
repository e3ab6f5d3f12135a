import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalJa = {
  legalTerms: '利用規約',
  legalPrivacy: 'プライバシーポリシー',
  legalTermsRef: (terms) => `${terms}`,
  legalPrivacyRef: (privacy) => `${privacy}`,
  legalBoth: (terms, privacy) => `${terms}と${privacy}`,
  legalAgree: (documents) => `${documents}に同意します`,
  legalNotice: (documents) => `ウォレットを接続すると、${documents}に同意したことになります。`,
} satisfies Catalogue<typeof legalEn>
