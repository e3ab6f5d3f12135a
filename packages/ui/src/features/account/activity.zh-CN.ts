import type { Catalogue } from '../../i18n/featureMessages.js'
import { operationLabel } from '../../i18n/operationLabel.js'
import type { activityEn } from './activity.en.js'

export const activityZhCN = {
  operationType: operationLabel({
    send: '已发送',
    receive: '已接收',
    trade: '已兑换',
    approve: '已授权',
    deposit: '已存入',
    withdraw: '已提取',
    mint: '已铸造',
    burn: '已销毁',
    borrow: '已借入',
    repay: '已偿还',
    stake: '已质押',
    unstake: '已解除质押',
    claim: '已领取',
    execute: '已执行',
    deploy: '已部署',
    cancel: '已取消',
  }),
} satisfies Catalogue<typeof activityEn>
