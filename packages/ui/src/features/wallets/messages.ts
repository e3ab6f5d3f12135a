import { defineFeatureMessages } from '../../i18n/featureMessages.js'

/** English text of the ProfileWallets view and its entry in the Account view; other languages load on demand. */
export const walletsEn = {
  walletsTitle: 'Wallets',
  walletsOpen: 'Connected wallets',
  walletsAdd: 'Add wallet',
  walletsSwitch: 'Switch',
  walletsReconnect: 'Reconnect',
  walletsDisconnect: 'Disconnect',
  walletsActive: 'Active',
  walletsDisconnected: 'Disconnected',
  walletsEmpty: 'No wallet connected',
  walletsSwitchFailed: 'Could not switch wallets',
  walletsReconnectFailed: 'Could not reconnect this wallet. Try again.',
  walletsDisconnectOne: (name: string) => `Disconnect ${name}`,
  walletsSwitchTo: (name: string) => `Switch to ${name}`,
}

/** @internal The wallets views' messages (`defineFeatureMessages`). */
export const walletsMessages = defineFeatureMessages('wallets', walletsEn, {
  es: () => import('./wallets.es.js').then((m) => m.walletsEs),
  fr: () => import('./wallets.fr.js').then((m) => m.walletsFr),
  de: () => import('./wallets.de.js').then((m) => m.walletsDe),
  'pt-BR': () => import('./wallets.pt-BR.js').then((m) => m.walletsPtBR),
  'zh-CN': () => import('./wallets.zh-CN.js').then((m) => m.walletsZhCN),
  ja: () => import('./wallets.ja.js').then((m) => m.walletsJa),
  ko: () => import('./wallets.ko.js').then((m) => m.walletsKo),
  ar: () => import('./wallets.ar.js').then((m) => m.walletsAr),
})
