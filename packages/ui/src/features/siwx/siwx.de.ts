import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} möchte sich mit deiner Wallet verbinden`,
  siwxBody:
    'Signiere eine Nachricht in deiner Wallet, um zu beweisen, dass dir dieses Konto gehört. Das kostet nichts und sendet keine Transaktion.',
  siwxAccount: (address, network) => `Anmeldung als ${address} auf ${network}`,
  siwxRequired: 'Die Anmeldung ist erforderlich: Abbrechen trennt deine Wallet.',
  siwxSign: 'Signieren',
  siwxCancel: 'Abbrechen',
  siwxAuthenticating: 'Authentifizierung...',
  siwxRejected: 'Du hast die Anmeldeanfrage abgelehnt.',
  siwxFailed: 'Anmeldung fehlgeschlagen. Bitte versuche es erneut.',
  siwxRetry: 'Erneut versuchen',
  siwxSignedIn: 'Angemeldet',
  siwxSignedOut: 'Nicht angemeldet',
  siwxSignIn: 'Anmelden',
  siwxSignOut: 'Abmelden',
} satisfies Catalogue<typeof siwxEn>
