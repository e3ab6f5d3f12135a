import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsDe = {
  walletsTitle: 'Wallets',
  walletsOpen: 'Verbundene Wallets',
  walletsAdd: 'Wallet hinzufügen',
  walletsSwitch: 'Wechseln',
  walletsReconnect: 'Erneut verbinden',
  walletsDisconnect: 'Trennen',
  walletsActive: 'Aktiv',
  walletsDisconnected: 'Getrennt',
  walletsEmpty: 'Keine Wallet verbunden',
  walletsSwitchFailed: 'Wallet konnte nicht gewechselt werden',
  walletsReconnectFailed: 'Diese Wallet konnte nicht erneut verbunden werden. Versuche es noch einmal.',
  walletsDisconnectOne: (name) => `${name} trennen`,
  walletsSwitchTo: (name) => `Zu ${name} wechseln`,
} satisfies Catalogue<typeof walletsEn>
