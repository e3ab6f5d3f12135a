import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMorePtBR = {
  continueWithWallet: 'Continuar com uma carteira',
  poweredBy: (name) => `Com tecnologia ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
