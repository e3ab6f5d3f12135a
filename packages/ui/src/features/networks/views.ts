import { type ViewSlots, viewSlot } from '../../modal/viewSlot.js'

/** The networks feature's views: picking a network, and the one shown while the network is unsupported. */
export type NetworksViewEntry = { view: 'Networks' } | { view: 'UnsupportedChain' }

// Registers the views with the modal (its `ViewEntry` union); see ../../modal/viewRegistry.ts.
declare module '../../modal/viewRegistry.js' {
  interface ModalViews {
    networks: NetworksViewEntry
  }
}

/** @internal The networks feature's slots in the modal's view table. */
export const networksViews: ViewSlots<NetworksViewEntry> = {
  Networks: viewSlot(
    () => import('./NetworksView.js').then((m) => m.NetworksView),
    (text) => text.titleNetworks,
  ),
  UnsupportedChain: viewSlot(
    () => import('./UnsupportedChainView.js').then((m) => m.UnsupportedChainView),
    (text) => text.titleUnsupported,
  ),
}
