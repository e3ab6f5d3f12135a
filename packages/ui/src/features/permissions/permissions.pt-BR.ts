import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsPtBR = {
  permissionsTitle: 'Permissões',
  permissionsNative: (amount: string, period: string) => `Gastar até ${amount} a cada ${period}`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `Gastar até ${amount} unidades de ${token} a cada ${period}`,
  permissionsContract: (address: string) => `Chamar o contrato ${address}`,
  permissionsDays: (count: string) => (count === '1' ? 'dia' : `${count} dias`),
  permissionsHours: (count: string) => (count === '1' ? 'hora' : `${count} horas`),
  permissionsSeconds: (count: string) => `${count} segundos`,
  permissionsUntil: (date: string) => `Até ${date}`,
  permissionsRevoke: 'Revogar',
  permissionsRevokeOne: (what: string) => `Revogar: ${what}`,
  permissionsRevoked: 'Permissão revogada',
  permissionsRevokeFailed: 'Não foi possível revogar a permissão. Tente novamente.',
  permissionsFailed: 'Não foi possível carregar as permissões',
} satisfies Catalogue<typeof permissionsEn>
