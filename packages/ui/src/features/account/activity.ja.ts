import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityJa = {
  operationType: operationLabel({
    send: '送信済み',
    receive: '受信済み',
    trade: 'スワップ済み',
    approve: '承認済み',
    deposit: '入金済み',
    withdraw: '出金済み',
    mint: 'ミント済み',
    burn: 'バーン済み',
    borrow: '借入済み',
    repay: '返済済み',
    stake: 'ステーク済み',
    unstake: 'アンステーク済み',
    claim: '請求済み',
    execute: '実行済み',
    deploy: 'デプロイ済み',
    cancel: 'キャンセル済み',
  }),
} satisfies Catalogue<typeof activityEn>
