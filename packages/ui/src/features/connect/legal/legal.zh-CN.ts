import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { legalEn } from './legal.en.js'

export const legalZhCN = {
  legalTerms: '服务条款',
  legalPrivacy: '隐私政策',
  legalTermsRef: (terms) => `${terms}`,
  legalPrivacyRef: (privacy) => `${privacy}`,
  legalBoth: (terms, privacy) => `${terms}和${privacy}`,
  legalAgree: (documents) => `我同意${documents}`,
  legalNotice: (documents) => `连接钱包即表示你同意${documents}。`,
} satisfies Catalogue<typeof legalEn>
