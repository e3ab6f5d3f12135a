import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectEs = {
  wcOpenWalletToConnect: (wallet) => `Abre ${wallet} para conectar`,
  wcOpenAnyWallet: 'Abre tu app de billetera para conectar',
  wcOpenWalletApp: 'Abrir app de billetera',
  wcChooseWallet: 'Elige tu billetera',
  wcLinkRenewed: 'El enlace caducó. Ya hay uno nuevo.',
  wcLinkRenewedOpen: (wallet) => `El enlace caducó. Ya hay uno nuevo: vuelve a abrir ${wallet}.`,
} satisfies Catalogue<typeof walletConnectEn>
