import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsEs = {
  permissionsTitle: 'Permisos',
  permissionsNative: (amount: string, period: string) => `Gastar hasta ${amount} cada ${period}`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `Gastar hasta ${amount} unidades de ${token} cada ${period}`,
  permissionsContract: (address: string) => `Llamar al contrato ${address}`,
  permissionsDays: (count: string) => (count === '1' ? 'día' : `${count} días`),
  permissionsHours: (count: string) => (count === '1' ? 'hora' : `${count} horas`),
  permissionsSeconds: (count: string) => `${count} segundos`,
  permissionsUntil: (date: string) => `Hasta el ${date}`,
  permissionsRevoke: 'Revocar',
  permissionsRevokeOne: (what: string) => `Revocar: ${what}`,
  permissionsRevoked: 'Permiso revocado',
  permissionsRevokeFailed: 'No se pudo revocar el permiso. Inténtalo de nuevo.',
  permissionsFailed: 'No se pudieron cargar los permisos',
} satisfies Catalogue<typeof permissionsEn>
