import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'
import type { SwapViewData } from './swapForm.js'

/** The swap feature's view (titled from its own catalogue, see `SwapView.featureTitle`). */
export type SwapViewEntry =
  /** Swapping tokens: `data` prefills the form (a host's "open with data") or names the flow's step. */
  { view: 'Swap'; data?: SwapViewData | undefined }

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
