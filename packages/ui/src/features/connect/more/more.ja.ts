import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreJa = {
  continueWithWallet: 'ウォレットで続ける',
  poweredBy: (name) => `${name} 提供`,
} satisfies Catalogue<typeof connectMoreEn>
