import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `يحتاج ${app} إلى الاتصال بمحفظتك`,
  siwxBody: 'وقّع رسالة في محفظتك لإثبات أنك تملك هذا الحساب. لا يكلّف ذلك شيئًا ولا يُرسل أي معاملة.',
  siwxAccount: (address, network) => `جارٍ تسجيل الدخول باسم ${address} على ${network}`,
  siwxRequired: 'تسجيل الدخول مطلوب: الإلغاء يفصل محفظتك.',
  siwxSign: 'توقيع',
  siwxCancel: 'إلغاء',
  siwxAuthenticating: 'جارٍ المصادقة...',
  siwxRejected: 'لقد رفضت طلب تسجيل الدخول.',
  siwxFailed: 'تعذّر تسجيل الدخول. يُرجى المحاولة مرة أخرى.',
  siwxRetry: 'إعادة المحاولة',
  siwxSignedIn: 'تم تسجيل الدخول',
  siwxSignedOut: 'لم يتم تسجيل الدخول',
  siwxSignIn: 'تسجيل الدخول',
  siwxSignOut: 'تسجيل الخروج',
} satisfies Catalogue<typeof siwxEn>
