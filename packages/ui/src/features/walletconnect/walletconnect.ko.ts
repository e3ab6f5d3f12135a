import type { Catalogue } from '../../i18n/featureMessages.js'
import type { walletConnectEn } from './walletconnect.en.js'

export const walletConnectKo = {
  wcOpenWalletToConnect: (wallet) => `${wallet}을(를) 열어 연결하세요`,
  wcOpenAnyWallet: '지갑 앱을 열어 연결하세요',
  wcOpenWalletApp: '지갑 앱 열기',
  wcChooseWallet: '지갑 선택',
  wcLinkRenewed: '링크가 만료되었습니다. 새 링크가 준비되었습니다.',
  wcLinkRenewedOpen: (wallet) => `링크가 만료되었습니다. 새 링크가 준비되었습니다: ${wallet}을(를) 다시 여세요.`,
} satisfies Catalogue<typeof walletConnectEn>
