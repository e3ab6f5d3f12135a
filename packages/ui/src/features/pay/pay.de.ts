import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: 'Bezahlen',
  payYouPay: 'Sie zahlen',
  payConfirm: 'Bezahlen',
  payClose: 'Schließen',
} satisfies Catalogue<typeof payEn>
