import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletsEn } from './wallets.en.js'

export const walletsEs = {
  walletsTitle: 'Billeteras',
  walletsOpen: 'Billeteras conectadas',
  walletsAdd: 'Añadir billetera',
  walletsSwitch: 'Cambiar',
  walletsReconnect: 'Reconectar',
  walletsDisconnect: 'Desconectar',
  walletsActive: 'Activa',
  walletsDisconnected: 'Desconectada',
  walletsEmpty: 'Ninguna billetera conectada',
  walletsSwitchFailed: 'No se pudo cambiar de billetera',
  walletsReconnectFailed: 'No se pudo volver a conectar esta billetera. Inténtalo de nuevo.',
  walletsDisconnectOne: (name) => `Desconectar ${name}`,
  walletsSwitchTo: (name) => `Cambiar a ${name}`,
} satisfies Catalogue<typeof walletsEn>
