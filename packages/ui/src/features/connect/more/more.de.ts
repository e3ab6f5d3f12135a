import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreDe = {
  continueWithWallet: 'Mit einer Wallet fortfahren',
  poweredBy: (name) => `Bereitgestellt von ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
