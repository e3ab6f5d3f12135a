import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: '결제',
  payYouPay: '결제 금액',
  payConfirm: '결제',
  payClose: '닫기',
} satisfies Catalogue<typeof payEn>
