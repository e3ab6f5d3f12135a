import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectDe = {
  wcOpenWalletToConnect: (wallet) => `Öffne ${wallet}, um dich zu verbinden`,
  wcOpenAnyWallet: 'Öffne deine Wallet-App, um dich zu verbinden',
  wcOpenWalletApp: 'Wallet-App öffnen',
  wcChooseWallet: 'Wähle deine Wallet',
  wcLinkRenewed: 'Der Link ist abgelaufen. Ein neuer ist bereit.',
  wcLinkRenewedOpen: (wallet) => `Der Link ist abgelaufen. Ein neuer ist bereit: Öffne ${wallet} erneut.`,
} satisfies Catalogue<typeof walletConnectEn>
