import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsAr = {
  permissionsTitle: 'الأذونات',
  permissionsNative: (amount: string, period: string) => `إنفاق ما يصل إلى ${amount} كل ${period}`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `إنفاق ما يصل إلى ${amount} وحدة من ${token} كل ${period}`,
  permissionsContract: (address: string) => `استدعاء العقد ${address}`,
  permissionsDays: (count: string) => (count === '1' ? 'يوم' : `${count} أيام`),
  permissionsHours: (count: string) => (count === '1' ? 'ساعة' : `${count} ساعات`),
  permissionsSeconds: (count: string) => `${count} ثانية`,
  permissionsUntil: (date: string) => `حتى ${date}`,
  permissionsRevoke: 'إلغاء',
  permissionsRevokeOne: (what: string) => `إلغاء: ${what}`,
  permissionsRevoked: 'تم إلغاء الإذن',
  permissionsRevokeFailed: 'تعذّر إلغاء الإذن. حاول مرة أخرى.',
  permissionsFailed: 'تعذّر تحميل الأذونات',
} satisfies Catalogue<typeof permissionsEn>
