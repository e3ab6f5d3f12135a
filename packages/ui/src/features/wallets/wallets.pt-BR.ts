import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsPtBR = {
  walletsTitle: 'Carteiras',
  walletsOpen: 'Carteiras conectadas',
  walletsAdd: 'Adicionar carteira',
  walletsSwitch: 'Trocar',
  walletsReconnect: 'Reconectar',
  walletsDisconnect: 'Desconectar',
  walletsActive: 'Ativa',
  walletsDisconnected: 'Desconectada',
  walletsEmpty: 'Nenhuma carteira conectada',
  walletsSwitchFailed: 'Não foi possível trocar de carteira',
  walletsReconnectFailed: 'Não foi possível reconectar esta carteira. Tente novamente.',
  walletsDisconnectOne: (name) => `Desconectar ${name}`,
  walletsSwitchTo: (name) => `Trocar para ${name}`,
} satisfies Catalogue<typeof walletsEn>
