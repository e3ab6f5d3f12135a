import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The swap feature's view (titled from its own catalogue, see `SwapView.featureTitle`). */
export type SwapViewEntry =
  /** Swapping tokens: `data` prefills the form (a host's "open with data") or names the flow's step. */
  { view: 'Swap'; data?: SwapViewData | undefined }

/**
 * What `open({ view: 'Swap', data })` may prefill: tokens by symbol or address on the connected
 * network, and the amount to pay as a decimal string in the token's units.
 */
export type SwapViewData = {
  fromToken?: string | undefined
  toToken?: string | undefined
  amount?: string | undefined
  /** @internal The swap flow's own step (token lists, review). */
  step?: 'selectFrom' | 'selectTo' | 'review' | undefined
}

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    swap: SwapViewEntry
  }
}

/** @internal The swap feature's slot in the modal's view table. */
export const swapViews: ViewSlots<SwapViewEntry> = {
  Swap: viewSlot(() => import('./SwapView.js').then((m) => m.SwapView)),
}
