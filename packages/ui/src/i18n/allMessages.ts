import type { embeddedEn } from '../features/embedded/embedded.en.js'
import type { onrampEn } from '../features/onramp/onramp.en.js'
import type { sendEn } from '../features/send/send.en.js'
import type { siwxEn } from '../features/siwx/siwx.en.js'
import type { swapEn } from '../features/swap/swap.en.js'
import type { walletConnectEn } from '../features/walletconnect/walletconnect.en.js'
import type { Catalogue } from './featureMessages.js'
import type { Messages } from './messages.js'

/**
 * Every text the UI shows, by key: the page-start catalogue ({@link Messages}) and the catalogue
 * of each feature view (Send, Swap, Buy, sign-in, …, each `Catalogue<typeof en>` of its
 * `defineFeatureMessages`). A host's `<PorticoUI messages>` may override any of them.
 *
 * @example
 * const messages: Partial<AllMessages> = { connectWallet: 'Sign in' }
 */
// Each feature adds `& Catalogue<typeof itsEnglish>` here (type-only imports: no bytes).
export type AllMessages = Messages &
  Catalogue<typeof onrampEn> &
  Catalogue<typeof swapEn> &
  Catalogue<typeof siwxEn> &
  Catalogue<typeof sendEn> &
  Catalogue<typeof embeddedEn> &
  Catalogue<typeof walletConnectEn>
