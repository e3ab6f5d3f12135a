import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsJa = {
  walletsTitle: 'ウォレット',
  walletsOpen: '接続中のウォレット',
  walletsAdd: 'ウォレットを追加',
  walletsSwitch: '切り替え',
  walletsReconnect: '再接続',
  walletsDisconnect: '切断',
  walletsActive: '使用中',
  walletsDisconnected: '切断済み',
  walletsEmpty: '接続中のウォレットはありません',
  walletsSwitchFailed: 'ウォレットを切り替えられませんでした',
  walletsReconnectFailed: 'このウォレットを再接続できませんでした。もう一度お試しください。',
  walletsDisconnectOne: (name) => `${name} を切断`,
  walletsSwitchTo: (name) => `${name} に切り替え`,
} satisfies Catalogue<typeof walletsEn>
