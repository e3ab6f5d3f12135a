import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectPtBR = {
  wcOpenWalletToConnect: (wallet) => `Abra ${wallet} para conectar`,
  wcOpenAnyWallet: 'Abra o app da sua carteira para conectar',
  wcOpenWalletApp: 'Abrir app da carteira',
  wcChooseWallet: 'Escolha sua carteira',
  wcLinkRenewed: 'O link expirou. Um novo está pronto.',
  wcLinkRenewedOpen: (wallet) => `O link expirou. Um novo está pronto: abra ${wallet} de novo.`,
} satisfies Catalogue<typeof walletConnectEn>
