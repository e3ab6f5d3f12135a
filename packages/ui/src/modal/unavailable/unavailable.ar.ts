import type { Catalogue } from '../../i18n/featureMessages.js'
import type { viewUnavailableEn } from './unavailable.en.js'

export const viewUnavailableAr = {
  viewUnavailableTitle: 'تعذّر تحميل هذه الصفحة',
  viewUnavailableBody: 'تحقّق من اتصالك، ثم أعد المحاولة.',
} satisfies Catalogue<typeof viewUnavailableEn>
