import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreKo = {
  continueWithWallet: '지갑으로 계속하기',
  poweredBy: (name) => `${name} 제공`,
} satisfies Catalogue<typeof connectMoreEn>
