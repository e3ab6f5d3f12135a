import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsJa = {
  permissionsTitle: '権限',
  permissionsNative: (amount: string, period: string) => `${period}ごとに最大 ${amount} まで使用`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `${period}ごとに ${token} を最大 ${amount} 単位まで使用`,
  permissionsContract: (address: string) => `コントラクト ${address} の呼び出し`,
  permissionsDays: (count: string) => (count === '1' ? '1日' : `${count}日`),
  permissionsHours: (count: string) => (count === '1' ? '1時間' : `${count}時間`),
  permissionsSeconds: (count: string) => `${count}秒`,
  permissionsUntil: (date: string) => `${date} まで`,
  permissionsRevoke: '取り消す',
  permissionsRevokeOne: (what: string) => `取り消す: ${what}`,
  permissionsRevoked: '権限を取り消しました',
  permissionsRevokeFailed: '権限を取り消せませんでした。もう一度お試しください。',
  permissionsFailed: '権限を読み込めませんでした',
} satisfies Catalogue<typeof permissionsEn>
