import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsFr = {
  permissionsTitle: 'Autorisations',
  permissionsNative: (amount: string, period: string) => `Dépenser jusqu’à ${amount} par ${period}`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `Dépenser jusqu’à ${amount} unités de ${token} par ${period}`,
  permissionsContract: (address: string) => `Appeler le contrat ${address}`,
  permissionsDays: (count: string) => (count === '1' ? 'jour' : `période de ${count} jours`),
  permissionsHours: (count: string) => (count === '1' ? 'heure' : `période de ${count} heures`),
  permissionsSeconds: (count: string) => `période de ${count} secondes`,
  permissionsUntil: (date: string) => `Jusqu’au ${date}`,
  permissionsRevoke: 'Révoquer',
  permissionsRevokeOne: (what: string) => `Révoquer : ${what}`,
  permissionsRevoked: 'Autorisation révoquée',
  permissionsRevokeFailed: 'Impossible de révoquer l’autorisation. Réessayez.',
  permissionsFailed: 'Impossible de charger les autorisations',
} satisfies Catalogue<typeof permissionsEn>
