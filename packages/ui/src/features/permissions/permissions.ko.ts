import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsKo = {
  permissionsTitle: '권한',
  permissionsNative: (amount: string, period: string) => `${period}마다 최대 ${amount}까지 사용`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `${period}마다 ${token}을(를) 최대 ${amount} 단위까지 사용`,
  permissionsContract: (address: string) => `컨트랙트 ${address} 호출`,
  permissionsDays: (count: string) => (count === '1' ? '1일' : `${count}일`),
  permissionsHours: (count: string) => (count === '1' ? '1시간' : `${count}시간`),
  permissionsSeconds: (count: string) => `${count}초`,
  permissionsUntil: (date: string) => `${date}까지`,
  permissionsRevoke: '취소',
  permissionsRevokeOne: (what: string) => `취소: ${what}`,
  permissionsRevoked: '권한이 취소되었습니다',
  permissionsRevokeFailed: '권한을 취소하지 못했습니다. 다시 시도하세요.',
  permissionsFailed: '권한을 불러오지 못했습니다',
} satisfies Catalogue<typeof permissionsEn>
