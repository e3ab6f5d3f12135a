import type { Catalogue } from '../../i18n/featureMessages.js'
import type { payEn } from './pay.en.js'

export const messages = {
  payTitle: 'Payer',
  payYouPay: 'Vous payez',
  payConfirm: 'Payer',
  payClose: 'Fermer',
} satisfies Catalogue<typeof payEn>
