import type { activityEn } from './features/account/activity.en.js'
import type { nftsEn } from './features/account/nfts.en.js'
import type { legalEn } from './features/connect/legal/legal.en.js'
import type { connectMoreEn } from './features/connect/more/more.en.js'
import type { embeddedEn } from './features/embedded/embedded.en.js'
import type { namesEn } from './features/names/names.en.js'
import type { onrampEn } from './features/onramp/onramp.en.js'
import type { payEn } from './features/pay/pay.en.js'
import type { permissionsEn } from './features/permissions/permissions.en.js'
import type { sendEn } from './features/send/send.en.js'
import type { siwxEn } from './features/siwx/siwx.en.js'
import type { swapEn } from './features/swap/swap.en.js'
import type { walletConnectEn } from './features/walletconnect/walletconnect.en.js'
import type { walletsEn } from './features/wallets/wallets.en.js'
import type { Catalogue } from './i18n/featureMessages.js'
import type { Messages } from './i18n/messages.js'

/**
 * Every text the UI shows, by key: the page-start catalogue ({@link Messages}) and the catalogue
 * of each feature view (Send, Swap, Buy, sign-in, …, each `Catalogue<typeof en>` of its
 * `defineFeatureMessages`). A host's `<PorticoUI messages>` may override any of them.
 *
 * @example
 * const messages: Partial<AllMessages> = { connectWallet: 'Sign in' }
 */
// Each feature adds `& Catalogue<typeof itsEnglish>` here (type-only imports: no bytes); it sits
// above i18n/ and the features because it names them all. allMessages.test.ts fails on a missing one.
export type AllMessages = Messages &
  Catalogue<typeof onrampEn> &
  Catalogue<typeof swapEn> &
  Catalogue<typeof siwxEn> &
  Catalogue<typeof sendEn> &
  Catalogue<typeof embeddedEn> &
  Catalogue<typeof walletConnectEn> &
  Catalogue<typeof walletsEn> &
  Catalogue<typeof namesEn> &
  Catalogue<typeof permissionsEn> &
  Catalogue<typeof payEn> &
  Catalogue<typeof activityEn> &
  Catalogue<typeof nftsEn> &
  Catalogue<typeof legalEn> &
  Catalogue<typeof connectMoreEn>
