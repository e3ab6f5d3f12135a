import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityKo = {
  operationType: operationLabel({
    send: '보냄',
    receive: '받음',
    trade: '스왑함',
    approve: '승인함',
    deposit: '입금함',
    withdraw: '출금함',
    mint: '발행함',
    burn: '소각함',
    borrow: '빌림',
    repay: '상환함',
    stake: '스테이킹함',
    unstake: '언스테이킹함',
    claim: '청구함',
    execute: '실행함',
    deploy: '배포함',
    cancel: '취소함',
  }),
} satisfies Catalogue<typeof activityEn>
