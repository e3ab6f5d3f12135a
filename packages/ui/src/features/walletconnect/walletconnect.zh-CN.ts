import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectZhCN = {
  wcOpenWalletToConnect: (wallet) => `打开 ${wallet} 以连接`,
  wcOpenAnyWallet: '打开你的钱包应用以连接',
  wcOpenWalletApp: '打开钱包应用',
  wcChooseWallet: '选择你的钱包',
  wcLinkRenewed: '链接已过期，新链接已就绪。',
  wcLinkRenewedOpen: (wallet) => `链接已过期，新链接已就绪：请重新打开 ${wallet}。`,
} satisfies Catalogue<typeof walletConnectEn>
