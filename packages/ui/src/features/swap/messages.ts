import { type Catalogue, defineFeatureMessages } from '../../i18n/featureMessages.js'

/** The Swap views' English text (this object ships in the Swap chunk only). */
export const swapEn = {
  swapTitle: 'Swap',
  swapSelectTokenTitle: 'Select token',
  swapReviewTitle: 'Review swap',
  swapFromLabel: 'You pay',
  swapToLabel: 'You receive',
  swapSelectToken: 'Select token',
  swapBalance: (amount: string) => `Balance: ${amount}`,
  swapMax: 'Max',
  swapFlip: 'Switch tokens',
  swapAmount: 'Amount',
  swapEnterAmount: 'Enter amount',
  swapInsufficientBalance: 'Insufficient balance',
  swapGettingQuote: 'Getting quote…',
  swapQuoteUnavailable: 'No quote available',
  swapTryAgain: 'Try again',
  swapReview: 'Review swap',
  swapRate: 'Rate',
  swapPriceImpact: 'Price impact',
  swapHighPriceImpact: 'High price impact: you get noticeably less than the market price.',
  swapNetworkFee: 'Network fee',
  swapMinimumReceived: 'Minimum received',
  swapSlippage: 'Slippage tolerance',
  swapSearchToken: 'Search token',
  swapNoTokens: 'No tokens found',
  swapStepApprove: (symbol: string) => `Approve ${symbol}`,
  swapStepPermit: (symbol: string) => `Sign a permit for ${symbol}`,
  swapStepSwap: 'Swap',
  swapApproveAndSwap: (symbol: string) => `Approve ${symbol} and swap`,
  swapConfirm: 'Swap',
  swapConfirmInWallet: 'Confirm in your wallet',
  swapSuccess: (paid: string, received: string) => `Swapped ${paid} for ${received}`,
  swapPriceChanged: 'The price changed. Check the new minimum received and confirm again.',
  swapMinimumNotMet: 'The price moved below the minimum received. No tokens were swapped.',
  swapUnsupportedBody: 'Switch to a network that supports swaps.',
}

/** @internal The Swap views' messages: English here, each other language its own chunk. */
export const swapMessages = defineFeatureMessages('swap', swapEn, {
  es: () => import('./swap.es.js').then((m) => m.messages),
  fr: () => import('./swap.fr.js').then((m) => m.messages),
  de: () => import('./swap.de.js').then((m) => m.messages),
  'pt-BR': () => import('./swap.pt-BR.js').then((m) => m.messages),
  'zh-CN': () => import('./swap.zh-CN.js').then((m) => m.messages),
  ja: () => import('./swap.ja.js').then((m) => m.messages),
  ko: () => import('./swap.ko.js').then((m) => m.messages),
  ar: () => import('./swap.ar.js').then((m) => m.messages),
})

/** @internal The swap views' text, in the user's language. */
export type SwapText = Catalogue<typeof swapEn>
