import type { Catalogue } from '../../i18n/featureMessages.js'
import type { siwxEn } from './siwx.en.js'

// biome-ignore lint/style/noDefaultExport: a language chunk's catalogue is its default export (featureMessages.ts).
export default {
  siwxTitle: (app) => `${app} doit se connecter à votre portefeuille`,
  siwxBody:
    'Signez un message dans votre portefeuille pour prouver que ce compte vous appartient. C’est gratuit et aucune transaction n’est envoyée.',
  siwxAccount: (address, network) => `Connexion en tant que ${address} sur ${network}`,
  siwxRequired: 'La connexion est obligatoire : annuler déconnectera votre portefeuille.',
  siwxSign: 'Signer',
  siwxCancel: 'Annuler',
  siwxAuthenticating: 'Authentification...',
  siwxRejected: 'Vous avez refusé la demande de connexion.',
  siwxFailed: 'La connexion a échoué. Veuillez réessayer.',
  siwxRetry: 'Réessayer',
  siwxSignedIn: 'Connecté',
  siwxSignedOut: 'Non connecté',
  siwxSignIn: 'Se connecter',
  siwxSignOut: 'Se déconnecter',
} satisfies Catalogue<typeof siwxEn>
