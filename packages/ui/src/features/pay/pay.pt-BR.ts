import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: 'Pagar',
  payYouPay: 'Você paga',
  payConfirm: 'Pagar',
  payClose: 'Fechar',
} satisfies Catalogue<typeof payEn>
