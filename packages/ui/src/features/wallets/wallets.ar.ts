import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsAr = {
  walletsTitle: 'المحافظ',
  walletsOpen: 'المحافظ المتصلة',
  walletsAdd: 'إضافة محفظة',
  walletsSwitch: 'تبديل',
  walletsReconnect: 'إعادة الاتصال',
  walletsDisconnect: 'قطع الاتصال',
  walletsActive: 'نشطة',
  walletsDisconnected: 'غير متصلة',
  walletsEmpty: 'لا توجد محفظة متصلة',
  walletsSwitchFailed: 'تعذّر تبديل المحفظة',
  walletsReconnectFailed: 'تعذّرت إعادة توصيل هذه المحفظة. حاول مرة أخرى.',
  walletsDisconnectOne: (name) => `قطع اتصال ${name}`,
  walletsSwitchTo: (name) => `التبديل إلى ${name}`,
} satisfies Catalogue<typeof walletsEn>
