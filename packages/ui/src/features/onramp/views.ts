import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The on-ramp feature's views (titled from its own catalogue, see each view's `featureTitle`). */
export type OnRampViewEntry =
  /** Buying crypto: token, amount, payment method, quote and provider (the spec's on-ramp). */
  | { view: 'OnRampProviders' }
  /** A purchase open at the provider's checkout: waits for the funds to arrive in the wallet. */
  | { view: 'BuyInProgress'; data: BuyInProgressData }

/** What the in-progress view of a purchase needs (see `BuyInProgress`). */
export type BuyInProgressData = {
  /** The provider's checkout link (reopened from the view, or opened in a tab when popups are blocked). */
  url: string
  /** `window.open` returned nothing: the view offers the link instead. */
  popupBlocked: boolean
  /** The token bought: its symbol and contract address (absent for the native currency). */
  token: { symbol: string; address?: string | undefined }
  /** The wallet's balance of the token when the purchase started (decimal string), if it was read. */
  baseline?: string | undefined
}

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    onramp: OnRampViewEntry
  }
}

/** @internal The on-ramp feature's slots in the modal's view table. */
export const onRampViews: ViewSlots<OnRampViewEntry> = {
  OnRampProviders: viewSlot(() => import('./OnRampView.js').then((m) => m.OnRampView)),
  BuyInProgress: viewSlot(() => import('./BuyInProgressView.js').then((m) => m.BuyInProgressView)),
}
