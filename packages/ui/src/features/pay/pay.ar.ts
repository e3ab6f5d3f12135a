import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './messages.js'

export const messages = {
  payTitle: 'الدفع',
  payYouPay: 'أنت تدفع',
  payConfirm: 'ادفع',
  payClose: 'إغلاق',
} satisfies Catalogue<typeof payEn>
