import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} がウォレットへの接続を求めています`,
  siwxBody:
    'このアカウントの所有者であることを証明するため、ウォレットでメッセージに署名してください。費用はかからず、トランザクションも送信されません。',
  siwxAccount: (address, network) => `${network} で ${address} としてサインイン中`,
  siwxRequired: 'サインインが必要です。キャンセルするとウォレットの接続が解除されます。',
  siwxSign: '署名',
  siwxCancel: 'キャンセル',
  siwxAuthenticating: '認証中...',
  siwxRejected: 'サインインのリクエストを拒否しました。',
  siwxFailed: 'サインインに失敗しました。もう一度お試しください。',
  siwxRetry: '再試行',
  siwxSignedIn: 'サインイン済み',
  siwxSignedOut: '未サインイン',
  siwxSignIn: 'サインイン',
  siwxSignOut: 'サインアウト',
} satisfies Catalogue<typeof siwxEn>
