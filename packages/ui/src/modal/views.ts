import type { DirectoryWallet } from '@portico/headless'
import type { ComponentType } from 'react'
import type { FeatureTitle } from './featureTitle.js'
import { type Lazy, lazy, useLazy } from './lazy.js'

// The modal's one table of views: each view's name, the data it is opened with, and the feature
// chunk that draws it. The shell (dialog, header, history) imports no feature; a feature is
// reached only through this table, so its code loads when its view is first wanted.

/**
 * A view in the modal's history and the data it shows. Each view names its own data, so the
 * compiler carries it from the `push` to the view.
 */
export type ViewEntry =
  | { view: 'Connect' }
  | { view: 'AllWallets' }
  /** Waiting on an installed wallet (`connectorUid`), or where to get a directory wallet that is not. */
  | { view: 'ConnectingExternal'; data: { connectorUid: string } | { directoryWallet: DirectoryWallet } }
  /** Pairing one directory wallet over WalletConnect. */
  | { view: 'ConnectingWalletConnect'; data: { wallet: DirectoryWallet } }
  /** Pairing any wallet over WalletConnect (QR code). */
  | { view: 'ConnectingWalletConnectBasic' }
  | { view: 'Account' }
  | { view: 'Networks' }
  | { view: 'UnsupportedChain' }
  /** Buying crypto: token, amount, payment method, quote and provider (the spec's on-ramp). */
  | { view: 'OnRampProviders' }
  /** A purchase open at the provider's checkout: waits for the funds to arrive in the wallet. */
  | { view: 'BuyInProgress'; data: BuyInProgressData }
  /** Swapping tokens: `data` prefills the form (a host's "open with data") or names the flow's step. */
  | { view: 'Swap'; data?: SwapViewData | undefined }
  /** Sign in with X: the connected account has no session on its network (spec: SIWXSignMessage). */
  | { view: 'SIWXSignMessage' }
  /** Sending a token: the form (its state is the send feature's, kept while the user picks a token or reviews). */
  | { view: 'Send' }
  /** Picking the token to send, from the balances. */
  | { view: 'SendSelectToken' }
  /** Reviewing the send, then the wallet prompt. */
  | { view: 'SendPreview' }
  /** The address as a QR code, with the networks it can receive on. */
  | { view: 'Receive' }
  /** Email login for `email`: the code (or the device approval) the Connect view's field asked for. */
  | { view: 'EmailLogin'; data: { email: string } }
  /** Changing the embedded wallet's email: new address, then a code to the old and one to the new. */
  | { view: 'UpdateEmailWallet' }
  /** The secure frame's approval prompt, laid over this view while the frame asks. */
  | { view: 'ApproveTransaction' }

/** What the in-progress view of a purchase needs (see `BuyInProgress`). */
export type BuyInProgressData = {
  /** The provider's checkout link (reopened from the view, or opened in a tab when popups are blocked). */
  url: string
  /** `window.open` returned nothing: the view offers the link instead. */
  popupBlocked: boolean
  /** The token bought: its symbol and contract address (absent for the native currency). */
  token: { symbol: string; address?: string | undefined }
  /** The wallet's balance of the token when the purchase started (decimal string), if it was read. */
  baseline?: string | undefined
}

/**
 * What `open({ view: 'Swap', data })` may prefill: tokens by symbol or address on the connected
 * network, and the amount to pay as a decimal string in the token's units.
 */
export type SwapViewData = {
  fromToken?: string | undefined
  toToken?: string | undefined
  amount?: string | undefined
  /** @internal The swap flow's own step (token lists, review). */
  step?: 'selectFrom' | 'selectTo' | 'review' | undefined
}

/** Names of the modal's views. */
export type ViewName = ViewEntry['view']

/** Views that take no data (a host or a story may open them by name). */
export type PlainViewName = Exclude<ViewEntry, { data: unknown }>['view']

/** The entry of view `name`: its `view` and, for views that take data, its `data`. */
export type ViewEntryOf<name extends ViewName> = Extract<ViewEntry, { view: name }>

/**
 * A view renders its own history entry: the entry's `view` picks the component, so each receives
 * the data its entry type names (see {@link ViewEntry}).
 */
export type ViewComponent<name extends ViewName = ViewName> = ComponentType<ViewEntryOf<name>> & {
  /** A feature view's title, from its own catalogue (see featureTitle.ts). */
  featureTitle?: FeatureTitle | undefined
}

// Each loader is checked against its own entry type.
const views: { [name in ViewName]: Lazy<ViewComponent<name>> } = {
  Connect: lazy(() => import('../features/connect/ConnectView.js').then((m) => m.ConnectView)),
  AllWallets: lazy(() => import('../features/connect/AllWalletsView.js').then((m) => m.AllWalletsView)),
  ConnectingExternal: lazy(() =>
    import('../features/connect/ConnectingExternalView.js').then((m) => m.ConnectingExternalView),
  ),
  ConnectingWalletConnect: lazy(() =>
    import('../features/walletconnect/ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView),
  ),
  ConnectingWalletConnectBasic: lazy(() =>
    import('../features/walletconnect/ConnectingWalletConnectBasicView.js').then(
      (m) => m.ConnectingWalletConnectBasicView,
    ),
  ),
  Account: lazy(() => import('../features/account/AccountView.js').then((m) => m.AccountView)),
  Networks: lazy(() => import('../features/networks/NetworksView.js').then((m) => m.NetworksView)),
  UnsupportedChain: lazy(() =>
    import('../features/networks/UnsupportedChainView.js').then((m) => m.UnsupportedChainView),
  ),
  OnRampProviders: lazy(() => import('../features/onramp/OnRampView.js').then((m) => m.OnRampView)),
  BuyInProgress: lazy(() => import('../features/onramp/BuyInProgressView.js').then((m) => m.BuyInProgressView)),
  Swap: lazy(() => import('../features/swap/SwapView.js').then((m) => m.SwapView)),
  SIWXSignMessage: lazy(() => import('../features/siwx/SIWXSignMessageView.js').then((m) => m.SIWXSignMessageView)),
  Send: lazy(() => import('../features/send/SendView.js').then((m) => m.SendView)),
  SendSelectToken: lazy(() => import('../features/send/SendSelectTokenView.js').then((m) => m.SendSelectTokenView)),
  SendPreview: lazy(() => import('../features/send/SendPreviewView.js').then((m) => m.SendPreviewView)),
  Receive: lazy(() => import('../features/send/ReceiveView.js').then((m) => m.ReceiveView)),
  EmailLogin: lazy(() => import('../features/embedded/EmailLoginView.js').then((m) => m.EmailLoginView)),
  UpdateEmailWallet: lazy(() =>
    import('../features/embedded/UpdateEmailWalletView.js').then((m) => m.UpdateEmailWalletView),
  ),
  ApproveTransaction: lazy(() =>
    import('../features/embedded/ApproveTransactionView.js').then((m) => m.ApproveTransactionView),
  ),
}

const modal = lazy(() => import('./Modal.js'))

/** @internal Starts loading a view's chunk; safe to call often. */
export function preloadView(name: ViewName): Promise<ViewComponent> {
  return (views[name] as Lazy<ViewComponent>).load()
}

/**
 * @internal
 * Starts loading the modal chunk and the view it will open on (Connect unless told otherwise), in
 * parallel; safe to call often.
 */
export function preloadModal(view: ViewName = 'Connect'): Promise<typeof import('./Modal.js')> {
  preloadView(view).catch(() => {})
  return modal.load()
}

/** @internal The modal module once loaded (loading it while `enabled`), else undefined. */
export function useModalModule(enabled: boolean): typeof import('./Modal.js') | undefined {
  return useLazy(modal, enabled) ?? undefined
}

/** @internal A view's component once loaded (loading it now if needed), else undefined. */
export function useView(name: ViewName): ViewComponent | undefined {
  return useLazy(views[name] as Lazy<ViewComponent>) ?? undefined
}
