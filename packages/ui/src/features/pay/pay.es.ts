import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: 'Pagar',
  payYouPay: 'Pagas',
  payConfirm: 'Pagar',
  payClose: 'Cerrar',
} satisfies Catalogue<typeof payEn>
