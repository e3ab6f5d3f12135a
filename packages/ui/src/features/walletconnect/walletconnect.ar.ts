import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

// A Latin wallet name inside Arabic text is wrapped in first-strong isolates (as the page-start
// catalogue does) so its direction does not reorder the sentence around it.
const isolate = (text: string) => `\u2068${text}\u2069`

export const walletConnectAr = {
  wcOpenWalletToConnect: (wallet) => `افتح ${isolate(wallet)} للربط`,
  wcOpenAnyWallet: 'افتح تطبيق محفظتك للربط',
  wcOpenWalletApp: 'فتح تطبيق المحفظة',
  wcChooseWallet: 'اختر محفظتك',
  wcLinkRenewed: 'انتهت صلاحية الرابط. رابط جديد جاهز.',
  wcLinkRenewedOpen: (wallet) => `انتهت صلاحية الرابط. رابط جديد جاهز: افتح ${isolate(wallet)} مجددًا.`,
} satisfies Catalogue<typeof walletConnectEn>
