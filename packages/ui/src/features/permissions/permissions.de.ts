import type { Catalogue } from '../../i18n/featureMessages.js'
import type { permissionsEn } from './permissions.en.js'

export const permissionsDe = {
  permissionsTitle: 'Berechtigungen',
  permissionsNative: (amount: string, period: string) => `Bis zu ${amount} pro ${period} ausgeben`,
  permissionsToken: (amount: string, token: string, period: string) =>
    `Bis zu ${amount} Einheiten von ${token} pro ${period} ausgeben`,
  permissionsContract: (address: string) => `Vertrag ${address} aufrufen`,
  permissionsDays: (count: string) => (count === '1' ? 'Tag' : `${count} Tage`),
  permissionsHours: (count: string) => (count === '1' ? 'Stunde' : `${count} Stunden`),
  permissionsSeconds: (count: string) => `${count} Sekunden`,
  permissionsUntil: (date: string) => `Bis ${date}`,
  permissionsRevoke: 'Widerrufen',
  permissionsRevokeOne: (what: string) => `Widerrufen: ${what}`,
  permissionsRevoked: 'Berechtigung widerrufen',
  permissionsRevokeFailed: 'Die Berechtigung konnte nicht widerrufen werden. Versuche es erneut.',
  permissionsFailed: 'Berechtigungen konnten nicht geladen werden',
} satisfies Catalogue<typeof permissionsEn>
