import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectFr = {
  wcOpenWalletToConnect: (wallet) => `Ouvrez ${wallet} pour vous connecter`,
  wcOpenAnyWallet: 'Ouvrez votre application de portefeuille pour vous connecter',
  wcOpenWalletApp: 'Ouvrir l’application de portefeuille',
  wcChooseWallet: 'Choisissez votre portefeuille',
  wcLinkRenewed: 'Le lien a expiré. Un nouveau est prêt.',
  wcLinkRenewedOpen: (wallet) => `Le lien a expiré. Un nouveau est prêt : ouvrez à nouveau ${wallet}.`,
} satisfies Catalogue<typeof walletConnectEn>
