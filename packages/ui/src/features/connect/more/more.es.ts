import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreEs = {
  continueWithWallet: 'Continuar con una billetera',
  poweredBy: (name) => `Con la tecnología de ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
