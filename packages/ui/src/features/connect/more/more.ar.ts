import type { Catalogue } from '../../../i18n/featureMessages.js'
import type { connectMoreEn } from './messages.js'

export const connectMoreAr = {
  continueWithWallet: 'المتابعة باستخدام محفظة',
  poweredBy: (name) => `مدعوم من ${name}`,
} satisfies Catalogue<typeof connectMoreEn>
