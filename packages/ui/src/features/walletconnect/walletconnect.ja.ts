import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectJa = {
  wcOpenWalletToConnect: (wallet) => `${wallet} を開いて接続してください`,
  wcOpenAnyWallet: 'ウォレットアプリを開いて接続してください',
  wcOpenWalletApp: 'ウォレットアプリを開く',
  wcChooseWallet: 'ウォレットを選択',
  wcLinkRenewed: 'リンクの有効期限が切れました。新しいリンクの準備ができました。',
  wcLinkRenewedOpen: (wallet) =>
    `リンクの有効期限が切れました。新しいリンクの準備ができました：${wallet} をもう一度開いてください。`,
} satisfies Catalogue<typeof walletConnectEn>
