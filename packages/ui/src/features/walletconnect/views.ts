import type { DirectoryWallet } from '@portico/headless'
import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The WalletConnect feature's views: pairing one directory wallet, or any wallet by QR code. */
export type WalletConnectViewEntry =
  /** Pairing one directory wallet over WalletConnect. */
  | { view: 'ConnectingWalletConnect'; data: { wallet: DirectoryWallet } }
  /** Pairing any wallet over WalletConnect (QR code). */
  | { view: 'ConnectingWalletConnectBasic' }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    walletconnect: WalletConnectViewEntry
  }
}

/** @internal The WalletConnect feature's slots in the modal's view table. */
export const walletConnectViews: ViewSlots<WalletConnectViewEntry> = {
  // Titled with the wallet's name.
  ConnectingWalletConnect: viewSlot(
    () => import('./ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView),
    (_, entry) => entry.data.wallet.name,
  ),
  ConnectingWalletConnectBasic: viewSlot(
    () => import('./ConnectingWalletConnectBasicView.js').then((m) => m.ConnectingWalletConnectBasicView),
    (text) => text.titleWalletConnect,
  ),
}
