import type { Messages } from '../messages.js'

// A Latin wallet name inside Arabic text is wrapped in first-strong isolates (U+2068 … U+2069) so
// the bidi algorithm keeps its punctuation (e.g. `Wallet.`) with it and does not reorder the sentence.
const isolate = (text: string) => `\u2068${text}\u2069`

// Arabic has six plural forms (CLDR: zero, one, two, few, many, other).
const plural = new Intl.PluralRules('ar')

/** Modern Standard Arabic, written right to left (the modal's root gets `dir="rtl"`). */
export const ar: Messages = {
  connectWallet: 'ربط المحفظة',
  connecting: 'جارٍ الربط…',
  restoring: 'جارٍ الاستعادة…',
  wrongNetwork: 'شبكة غير صحيحة',
  close: 'إغلاق',
  back: 'رجوع',
  // Views
  titleConnect: 'ربط المحفظة',
  titleAllWallets: 'كل المحافظ',
  titleAccount: 'الحساب',
  titleNetworks: 'اختيار الشبكة',
  titleUnsupported: 'تبديل الشبكة',
  // Connect
  sectionWallets: 'المحافظ',
  allWallets: 'كل المحافظ',
  noWalletsTitle: 'لم يتم العثور على محافظ',
  noWalletsBody: 'ثبّت محفظة في المتصفح، أو اربط محفظة من هاتفك.',
  badgeRecent: 'حديثة',
  badgeInstalled: 'مثبّتة',
  badgeFeatured: 'مميّزة',
  // AllWallets
  searchPlaceholder: 'ابحث عن محفظة',
  searchLabel: 'البحث عن محفظة',
  noSearchResults: (query) => `لا توجد محفظة تطابق «${isolate(query)}»`,
  connectForNetwork: (network) => `اربط محفظة لشبكة ${isolate(network)}`,
  directoryUnavailable: 'تعذّر تحميل دليل المحافظ.',
  notInstalled: (wallet) => `${isolate(wallet)} غير مثبّتة`,
  notInstalledBody: 'احصل على المحفظة، ثم عُد لربطها.',
  getWallet: (wallet) => `احصل على ${isolate(wallet)}`,
  walletCount: (count) => {
    switch (plural.select(count)) {
      case 'zero':
        return 'لا توجد محافظ'
      case 'one':
        return 'محفظة واحدة'
      case 'two':
        return 'محفظتان'
      case 'few':
        return `${count} محافظ`
      default:
        return `${count} محفظة`
    }
  },
  // ConnectingExternal
  continueInWallet: (wallet) => `تابِع في ${isolate(wallet)}`,
  acceptRequest: 'اقبل طلب الربط في المحفظة.',
  connectionRejected: 'تم رفض الربط',
  connectionRejectedBody: 'رُفض الطلب في المحفظة.',
  connectionFailed: 'تعذّر الربط',
  connectionFailedBody: 'حدث خطأ ما. حاول مرة أخرى، أو اختر محفظة أخرى.',
  tryAgain: 'إعادة المحاولة',
  // WalletConnect
  titleWalletConnect: 'WalletConnect',
  badgeQrCode: 'رمز QR',
  scanWithPhone: 'امسح رمز QR هذا بهاتفك',
  scanWithWallet: (wallet) => `امسح الرمز باستخدام ${isolate(wallet)}، أو افتحها أدناه`,
  qrLabel: 'رمز QR لـ WalletConnect',
  qrLabelWallet: (wallet) => `رمز QR لربط ${isolate(wallet)}`,
  qrLoading: 'جارٍ تجهيز رمز QR…',
  copyLink: 'نسخ الرابط',
  linkCopied: 'تم نسخ الرابط',
  copyLinkFailed: 'تعذّر نسخ الرابط',
  openInApp: (wallet) => `فتح ${isolate(wallet)}`,
  openDesktopApp: 'فتح تطبيق سطح المكتب',
  openWebApp: 'فتح تطبيق الويب',
  waitingForApproval: 'وافِق على الربط في محفظتك.',
  // Account
  copyAddress: 'نسخ العنوان',
  addressCopied: 'تم نسخ العنوان',
  copyFailed: 'تعذّر نسخ العنوان',
  viewOnExplorer: 'مستكشف الكتل',
  disconnect: 'قطع الاتصال',
  disconnected: 'تم قطع اتصال المحفظة',
  disconnectFailed: 'تعذّر قطع الاتصال',
  tabTokens: 'الرموز',
  tabNfts: 'NFT',
  tabActivity: 'النشاط',
  noTokens: 'لا توجد رموز بعد',
  noTokensBody: 'تظهر هنا الرموز التي تملكها على هذه الشبكة.',
  noNfts: 'لا توجد NFT بعد',
  noNftsBody: 'ستظهر هنا رموز NFT التي تملكها.',
  noActivity: 'لا يوجد نشاط بعد',
  noActivityBody: 'ستظهر معاملاتك هنا.',
  activityFailed: 'تعذّر جلب المعاملات',
  loadMore: 'تحميل المزيد',
  balanceUnavailable: 'رصيد الرموز غير متاح',
  loading: 'جارٍ التحميل…',
  network: 'الشبكة',
  // Networks
  networkActive: 'نشطة',
  switchingNetwork: 'وافِق في المحفظة…',
  switchNetworkFailed: 'تعذّر تبديل الشبكة',
  // Unsupported
  unsupportedTitle: 'هذه الشبكة غير مدعومة',
  unsupportedBody: 'انتقل إلى شبكة مدعومة للمتابعة.',
  // Images
  imageFallback: (name) => `أيقونة ${isolate(name)}`,
}
