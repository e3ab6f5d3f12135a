import { lazy } from 'react'
import type { ViewEntry, ViewName } from '../state/modalStore.js'

// One chunk per view: opening the modal on Connect does not fetch Account, and the reverse.
const views: Record<ViewName, ReturnType<typeof lazy<(props: { data?: ViewEntry['data'] }) => React.ReactNode>>> = {
  Connect: lazy(() => import('./views/ConnectView.js').then((m) => ({ default: m.ConnectView }))),
  AllWallets: lazy(() => import('./views/AllWalletsView.js').then((m) => ({ default: m.AllWalletsView }))),
  ConnectingExternal: lazy(() =>
    import('./views/ConnectingExternalView.js').then((m) => ({ default: m.ConnectingExternalView })),
  ),
  Account: lazy(() => import('./views/AccountView.js').then((m) => ({ default: m.AccountView }))),
  Networks: lazy(() => import('./views/NetworksView.js').then((m) => ({ default: m.NetworksView }))),
  UnsupportedChain: lazy(() =>
    import('./views/UnsupportedChainView.js').then((m) => ({ default: m.UnsupportedChainView })),
  ),
}

/** @internal */
export function ViewSwitch({ entry }: { entry: ViewEntry }) {
  const View = views[entry.view]
  return <View data={entry.data} />
}
