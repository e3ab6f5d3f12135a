import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityAr = {
  operationType: operationLabel({
    send: 'تم الإرسال',
    receive: 'تم الاستلام',
    trade: 'تم التبديل',
    approve: 'تمت الموافقة',
    deposit: 'تم الإيداع',
    withdraw: 'تم السحب',
    mint: 'تم السكّ',
    burn: 'تم الحرق',
    borrow: 'تم الاقتراض',
    repay: 'تم السداد',
    stake: 'تم التخزين',
    unstake: 'تم إلغاء التخزين',
    claim: 'تمت المطالبة',
    execute: 'تم التنفيذ',
    deploy: 'تم النشر',
    cancel: 'تم الإلغاء',
  }),
} satisfies Catalogue<typeof activityEn>
