import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: '支払い',
  payYouPay: 'お支払い額',
  payConfirm: '支払う',
  payClose: '閉じる',
} satisfies Catalogue<typeof payEn>
