import { type ViewSlots, viewSlot, watcherSlot } from '../../modal/viewSlot.js'
import type { SocialProvider } from './socialLogin.js'

/** The email wallet's views (titled from its own catalogue, see each view's `featureTitle`). */
export type EmbeddedViewEntry =
  /** Email login for `email`: the code (or the device approval) the Connect view's field asked for. */
  | { view: 'EmailLogin'; data: { email: string } }
  /** Changing the embedded wallet's email: new address, then a code to the old and one to the new. */
  | { view: 'UpdateEmailWallet' }
  /** The secure frame's approval prompt, laid over this view while the frame asks. */
  | { view: 'ApproveTransaction' }
  /**
   * A social login: in its window (opened by the Connect view's button) waiting, blocked, failed;
   * for `farcaster` the spec's ConnectingFarcaster (the QR code and link, then the username). One
   * view name for both keeps page start (the view table) from growing.
   */
  | { view: 'ConnectingSocial'; data: { provider: SocialProvider } }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    embedded: EmbeddedViewEntry
  }
}

/** @internal The email wallet's slots in the modal's view table. */
export const embeddedViews: ViewSlots<EmbeddedViewEntry> = {
  EmailLogin: viewSlot(() => import('./EmailLoginView.js').then((m) => m.EmailLoginView)),
  UpdateEmailWallet: viewSlot(() => import('./UpdateEmailWalletView.js').then((m) => m.UpdateEmailWalletView)),
  ApproveTransaction: viewSlot(() => import('./ApproveTransactionView.js').then((m) => m.ApproveTransactionView)),
  ConnectingSocial: viewSlot(() => import('./ConnectingSocialView.js').then((m) => m.ConnectingSocialView)),
}

/**
 * @internal The email wallet opens the modal for an approval its secure frame asks for; its
 * prompts matter while an account is connected through it (its AUTH connector).
 */
export const embeddedWatcher = watcherSlot(
  () => import('./EmbeddedWatch.js').then((m) => m.EmbeddedWatch),
  'the email wallet',
  (_, connection) => connection.isConnected && connection.connectorId === 'auth',
)
