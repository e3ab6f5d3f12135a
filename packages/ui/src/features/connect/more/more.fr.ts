import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreFr = {
  continueWithWallet: 'Continuer avec un portefeuille',
  poweredBy: (name) => `Propulsé par ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
