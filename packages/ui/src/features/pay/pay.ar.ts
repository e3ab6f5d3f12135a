import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: 'الدفع',
  payYouPay: 'أنت تدفع',
  payConfirm: 'ادفع',
  payClose: 'إغلاق',
} satisfies Catalogue<typeof payEn>
