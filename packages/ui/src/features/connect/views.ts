import type { ChainNamespace, DirectoryWallet } from '@portico/headless'
import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The connect feature's views: the wallet list, all wallets, and waiting on an installed wallet. */
export type ConnectViewEntry =
  /**
   * The wallet list; with `namespace`, only the wallets that connect on it (opened after a switch
   * to a network of a namespace no wallet is connected on); with `wallets`, the wallets alone (what
   * the collapsed wallets row of `collapseWallets` opens).
   */
  | {
      view: 'Connect'
      data?: { namespace?: ChainNamespace | undefined; wallets?: boolean | undefined } | undefined
    }
  | { view: 'AllWallets' }
  /**
   * Waiting on an installed wallet (`connectorUid`), where to get a directory wallet that is not,
   * or, for a wallet installed for several namespaces, which one to connect (`connectorUids`, its
   * connectors in the order offered).
   */
  | {
      view: 'ConnectingExternal'
      data: { connectorUid: string } | { directoryWallet: DirectoryWallet } | { connectorUids: readonly string[] }
    }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    connect: ConnectViewEntry
  }
}

/** @internal The connect feature's slots in the modal's view table. */
export const connectViews: ViewSlots<ConnectViewEntry> = {
  Connect: viewSlot(
    () => import('./ConnectView.js').then((m) => m.ConnectView),
    (text) => text.titleConnect,
  ),
  AllWallets: viewSlot(
    () => import('./AllWalletsView.js').then((m) => m.AllWalletsView),
    (text) => text.titleAllWallets,
  ),
  ConnectingExternal: viewSlot(
    () => import('./ConnectingExternalView.js').then((m) => m.ConnectingExternalView),
    (text) => text.titleConnect,
  ),
}
