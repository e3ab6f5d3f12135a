import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './messages.js'

export const connectMoreJa = {
  continueWithWallet: 'ウォレットで続ける',
  poweredBy: (name) => `${name} 提供`,
} satisfies Catalogue<typeof connectMoreEn>
