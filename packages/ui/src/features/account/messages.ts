import { defineFeatureMessages } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'

/**
 * What each Activity entry did, in the past tense ('Sent', 'Received', 'Swapped', 'Approved',
 * 'Minted'): an entry is a finished transaction, so it reads as what happened, not as an action
 * to take. A type the table lacks (an API may add some) shows as it came, capitalised.
 */
const english = operationLabel({
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  approve: 'Approved',
  deposit: 'Deposited',
  withdraw: 'Withdrew',
  mint: 'Minted',
  burn: 'Burned',
  borrow: 'Borrowed',
  repay: 'Repaid',
  stake: 'Staked',
  unstake: 'Unstaked',
  claim: 'Claimed',
  execute: 'Executed',
  deploy: 'Deployed',
  cancel: 'Cancelled',
})

/** English text of the Activity list; other languages load on demand. */
export const activityEn = {
  operationType: (type: string) => english(type),
}

/** @internal The Activity list's messages (`defineFeatureMessages`). */
export const activityMessages = defineFeatureMessages('activity', activityEn, {
  es: () => import('./activity.es.js').then((m) => m.activityEs),
  fr: () => import('./activity.fr.js').then((m) => m.activityFr),
  de: () => import('./activity.de.js').then((m) => m.activityDe),
  'pt-BR': () => import('./activity.pt-BR.js').then((m) => m.activityPtBR),
  'zh-CN': () => import('./activity.zh-CN.js').then((m) => m.activityZhCN),
  ja: () => import('./activity.ja.js').then((m) => m.activityJa),
  ko: () => import('./activity.ko.js').then((m) => m.activityKo),
  ar: () => import('./activity.ar.js').then((m) => m.activityAr),
})
