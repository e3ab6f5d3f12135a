import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The wallets feature's view (titled from its own catalogue, see the view's `featureTitle`). */
export type WalletsViewEntry =
  /** Every connected wallet per namespace: switch, disconnect one, add another (spec: ProfileWallets). */
  { view: 'ProfileWallets' }

// Registers the view with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    wallets: WalletsViewEntry
  }
}

/** @internal The wallets feature's slot in the modal's view table. */
export const walletsViews: ViewSlots<WalletsViewEntry> = {
  ProfileWallets: viewSlot(() => import('./ProfileWalletsView.js').then((m) => m.ProfileWalletsView)),
}
