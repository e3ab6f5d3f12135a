import type { Catalogue } from '../../i18n/featureMessages.js'
import type { namesEn } from './names.en.js'

export const namesAr = {
  nameTitle: 'اختر اسمًا',
  nameIntro: 'اسم يمكن للآخرين الإرسال إليه بدلًا من عنوانك.',
  nameLabel: 'الاسم',
  nameCurrent: (name) => `اسمك: ${name}`,
  nameInvalidCharacters: 'استخدم الحروف والأرقام والشرطات فقط.',
  nameTooShort: 'يتكون الاسم من 4 أحرف على الأقل.',
  nameTooLong: 'يتكون الاسم من 63 حرفًا على الأكثر.',
  nameSuggestions: 'اقتراحات',
  nameSuggestionsLoading: 'جارٍ البحث عن أسماء…',
  nameAvailable: 'متاح',
  nameTaken: 'محجوز',
  nameIsTaken: (name) => `${name} محجوز.`,
  nameRegister: 'تسجيل',
  nameSigning: 'وقّع الرسالة في محفظتك…',
  nameRejected: 'لقد رفضت طلب التوقيع.',
  nameErrorSuggestions: 'خطأ في جلب اقتراحات الأسماء',
  nameErrorNamesForAddress: 'خطأ في جلب أسماء العنوان',
  nameErrorRegister: (name) => `خطأ في تسجيل الاسم ${name}`,
  nameErrorConnector: 'لم يتم العثور على العنوان أو موصل المصادقة',
  nameSuccessTitle: 'تم تسجيل الاسم',
  nameSuccessBody: (name) => `يشير ${name} الآن إلى حسابك.`,
  nameBackToAccount: 'العودة إلى الحساب',
} satisfies Catalogue<typeof namesEn>
