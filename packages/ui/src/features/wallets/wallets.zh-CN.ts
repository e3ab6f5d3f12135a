import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsZhCN = {
  walletsTitle: '钱包',
  walletsOpen: '已连接的钱包',
  walletsAdd: '添加钱包',
  walletsSwitch: '切换',
  walletsReconnect: '重新连接',
  walletsDisconnect: '断开连接',
  walletsActive: '当前',
  walletsDisconnected: '已断开',
  walletsEmpty: '没有已连接的钱包',
  walletsSwitchFailed: '无法切换钱包',
  walletsReconnectFailed: '无法重新连接此钱包，请重试。',
  walletsDisconnectOne: (name) => `断开 ${name}`,
  walletsSwitchTo: (name) => `切换到 ${name}`,
} satisfies Catalogue<typeof walletsEn>
