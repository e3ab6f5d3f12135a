import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: '支付',
  payYouPay: '您支付',
  payConfirm: '支付',
  payClose: '关闭',
} satisfies Catalogue<typeof payEn>
