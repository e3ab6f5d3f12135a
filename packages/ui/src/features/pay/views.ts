import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'
import type { PayRequest } from './payRequest.js'

/** The pay feature's view (titled from its own catalogue, see `PayView.featureTitle`). */
export type PayViewEntry =
  /** Paying what a host asked for: the amount, token and receiver are read-only. */
  { view: 'Pay'; data: PayRequest }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    pay: PayViewEntry
  }
}

/** @internal The pay feature's slot in the modal's view table. */
export const payViews: ViewSlots<PayViewEntry> = {
  Pay: viewSlot(() => import('./PayView.js').then((m) => m.PayView)),
}
