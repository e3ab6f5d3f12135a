import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The pay feature's view (titled from its own catalogue, see `PayView.featureTitle`). */
export type PayViewEntry =
  /** Paying what a host asked for: the amount, token and receiver are read-only. */
  { view: 'Pay'; data: PayRequest }

/**
 * What a host asks the user to pay with `usePay()`: an amount of a token to a receiver, on the
 * connected network.
 */
export type PayRequest = {
  /** A plain decimal amount in whole tokens, as the Send form takes it, e.g. `'1.5'`. */
  amount: string
  /** `'native'` for the network's native currency, or a token's contract address. */
  token: string
  /** The receiver's address in the connected network's format. */
  receiver: string
}

/** What the host's `pay(request)` resolves with: the transaction, once the chain confirmed it. */
export type PayResult = {
  /** The transaction hash (EVM) or signature (Solana). */
  hash: string
}

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
