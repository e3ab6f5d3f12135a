import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './more.en.js'

export const connectMoreAr = {
  continueWithWallet: 'المتابعة باستخدام محفظة',
  poweredBy: (name) => `مدعوم من ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
