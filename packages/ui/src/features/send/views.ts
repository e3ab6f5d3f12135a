import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The send feature's views (titled from its own catalogue, see each view's `featureTitle`). */
export type SendViewEntry =
  /** Sending a token: the form (its state is the send feature's, kept while the user picks a token or reviews). */
  | { view: 'Send' }
  /** Picking the token to send, from the balances. */
  | { view: 'SendSelectToken' }
  /** Reviewing the send, then the wallet prompt. */
  | { view: 'SendPreview' }
  /** The address as a QR code, with the networks it can receive on. */
  | { view: 'Receive' }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    send: SendViewEntry
  }
}

/** @internal The send feature's slots in the modal's view table. */
export const sendViews: ViewSlots<SendViewEntry> = {
  Send: viewSlot(() => import('./SendView.js').then((m) => m.SendView)),
  SendSelectToken: viewSlot(() => import('./SendSelectTokenView.js').then((m) => m.SendSelectTokenView)),
  SendPreview: viewSlot(() => import('./SendPreviewView.js').then((m) => m.SendPreviewView)),
  Receive: viewSlot(() => import('./ReceiveView.js').then((m) => m.ReceiveView)),
}
