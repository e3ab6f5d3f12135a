import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsZhCN = {
  permissionsTitle: '权限',
  permissionsNative: (amount: string, period: string) => `每${period}最多花费 ${amount}`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `每${period}最多花费 ${amount} 个单位的 ${token}`,
  permissionsContract: (address: string) => `调用合约 ${address}`,
  permissionsDays: (count: string) => (count === '1' ? '天' : ` ${count} 天`),
  permissionsHours: (count: string) => (count === '1' ? '小时' : ` ${count} 小时`),
  permissionsSeconds: (count: string) => ` ${count} 秒`,
  permissionsUntil: (date: string) => `有效期至 ${date}`,
  permissionsRevoke: '撤销',
  permissionsRevokeOne: (what: string) => `撤销：${what}`,
  permissionsRevoked: '权限已撤销',
  permissionsRevokeFailed: '无法撤销该权限，请重试。',
  permissionsFailed: '无法加载权限',
} satisfies Catalogue<typeof permissionsEn>
