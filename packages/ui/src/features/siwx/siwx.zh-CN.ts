import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} 需要连接到你的钱包`,
  siwxBody: '在钱包中签署一条消息，以证明你拥有此账户。这不会产生费用，也不会发送任何交易。',
  siwxAccount: (address, network) => `正在以 ${address} 在 ${network} 上登录`,
  siwxRequired: '必须登录：取消将断开你的钱包连接。',
  siwxSign: '签名',
  siwxCancel: '取消',
  siwxAuthenticating: '正在验证...',
  siwxRejected: '你拒绝了登录请求。',
  siwxFailed: '登录失败，请重试。',
  siwxRetry: '重试',
  siwxSignedIn: '已登录',
  siwxSignedOut: '未登录',
  siwxSignIn: '登录',
  siwxSignOut: '退出登录',
} satisfies Catalogue<typeof siwxEn>
