import { type ComponentType, useEffect, useReducer } from 'react'
import type { ViewEntry, ViewName } from '../state/modalStore.js'

// The modal (Radix Dialog and its frame) and each view are separate chunks: nothing of them loads
// until the user shows intent (hover or focus on a button) or opens the modal.
//
// Chunks are loaded into plain module caches and rendered through state, not React.lazy +
// Suspense: a Suspense boundary that shows its fallback and then resolves is revealed only after
// React's ~300 ms fallback throttle, and the modal and its first view would pay it twice. Here a
// chunk that has arrived renders in the next commit.

type ModalModule = typeof import('./Modal.js')
/**
 * A view renders its own history entry: the entry's `view` picks the component, so each receives
 * the data its entry type names (see {@link ViewEntry}).
 */
export type ViewComponent = ComponentType<ViewEntry>
type ViewComponentOf<name extends ViewName> = ComponentType<Extract<ViewEntry, { view: name }>>

// Each loader is checked against its own entry type; the map widens them once, here.
const viewLoaders: { [name in ViewName]: () => Promise<ViewComponentOf<name>> } = {
  Connect: () => import('../features/connect/ConnectView.js').then((m) => m.ConnectView),
  AllWallets: () => import('../features/connect/AllWalletsView.js').then((m) => m.AllWalletsView),
  ConnectingExternal: () =>
    import('../features/connect/ConnectingExternalView.js').then((m) => m.ConnectingExternalView),
  ConnectingWalletConnect: () =>
    import('../features/walletconnect/ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView),
  ConnectingWalletConnectBasic: () =>
    import('../features/walletconnect/ConnectingWalletConnectBasicView.js').then(
      (m) => m.ConnectingWalletConnectBasicView,
    ),
  Account: () => import('../features/account/AccountView.js').then((m) => m.AccountView),
  Networks: () => import('../features/networks/NetworksView.js').then((m) => m.NetworksView),
  UnsupportedChain: () => import('../features/networks/UnsupportedChainView.js').then((m) => m.UnsupportedChainView),
  OnRampProviders: () => import('../features/onramp/OnRampView.js').then((m) => m.OnRampView),
  BuyInProgress: () => import('../features/onramp/BuyInProgressView.js').then((m) => m.BuyInProgressView),
  Swap: () => import('../features/swap/SwapView.js').then((m) => m.SwapView),
  SIWXSignMessage: () => import('../features/siwx/SIWXSignMessageView.js').then((m) => m.SIWXSignMessageView),
  Send: () => import('../features/send/SendView.js').then((m) => m.SendView),
  SendSelectToken: () => import('../features/send/SendSelectTokenView.js').then((m) => m.SendSelectTokenView),
  SendPreview: () => import('../features/send/SendPreviewView.js').then((m) => m.SendPreviewView),
  Receive: () => import('../features/send/ReceiveView.js').then((m) => m.ReceiveView),
  EmailLogin: () => import('../features/embedded/EmailLoginView.js').then((m) => m.EmailLoginView),
  UpdateEmailWallet: () => import('../features/embedded/UpdateEmailWalletView.js').then((m) => m.UpdateEmailWalletView),
  ApproveTransaction: () =>
    import('../features/embedded/ApproveTransactionView.js').then((m) => m.ApproveTransactionView),
}

let modal: ModalModule | undefined
let modalPending: Promise<ModalModule> | undefined
const views = new Map<ViewName, ViewComponent>()
const viewsPending = new Map<ViewName, Promise<ViewComponent>>()

/** @internal Starts loading a view's chunk; safe to call often. */
export function preloadView(name: ViewName): Promise<ViewComponent> {
  let pending = viewsPending.get(name)
  if (!pending) {
    pending = (viewLoaders[name] as () => Promise<ViewComponent>)().then(
      (component) => {
        views.set(name, component)
        return component
      },
      (error: unknown) => {
        // A chunk that failed to arrive (offline, a deploy replaced it) is retried on the next call,
        // e.g. when the user opens the modal after an idle prefetch failed.
        viewsPending.delete(name)
        throw error
      },
    )
    viewsPending.set(name, pending)
  }
  return pending
}

/**
 * @internal
 * Starts loading the modal chunk and the view it will open on (Connect unless told otherwise), in
 * parallel; safe to call often.
 */
export function preloadModal(view: ViewName = 'Connect'): Promise<ModalModule> {
  preloadView(view).catch(() => {})
  modalPending ??= import('./Modal.js').then(
    (module) => {
      modal = module
      return module
    },
    (error: unknown) => {
      modalPending = undefined
      throw error
    },
  )
  return modalPending
}

/** @internal The modal module once loaded (loading it when `enabled`), else undefined. */
export function useModalModule(enabled: boolean): ModalModule | undefined {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (enabled && !modal) void preloadModal().then(() => rerender())
  }, [enabled])
  return enabled ? modal : undefined
}

/** @internal A view component once loaded (loading it now if needed), else undefined. */
export function useView(name: ViewName): ViewComponent | undefined {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!views.has(name)) void preloadView(name).then(() => rerender())
  }, [name])
  return views.get(name)
}
