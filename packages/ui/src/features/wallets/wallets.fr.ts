import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsFr = {
  walletsTitle: 'Portefeuilles',
  walletsOpen: 'Portefeuilles connectés',
  walletsAdd: 'Ajouter un portefeuille',
  walletsSwitch: 'Basculer',
  walletsReconnect: 'Reconnecter',
  walletsDisconnect: 'Déconnecter',
  walletsActive: 'Actif',
  walletsDisconnected: 'Déconnecté',
  walletsEmpty: 'Aucun portefeuille connecté',
  walletsSwitchFailed: 'Impossible de changer de portefeuille',
  walletsReconnectFailed: 'Impossible de reconnecter ce portefeuille. Réessayez.',
  walletsDisconnectOne: (name) => `Déconnecter ${name}`,
  walletsSwitchTo: (name) => `Passer à ${name}`,
} satisfies Catalogue<typeof walletsEn>
