// @portico/headless/walletconnect: WalletConnect's pairing URI and wallet links, and the two steps
// that readies its SDK before the user picks it (`prepareWalletConnect`, the code alone with `start: false`),
// without React (hooks: '/walletconnect/react'). Its own entry, not the main one: the SDK's
// controller is ~0.8 MB, and anything the main entry re-exports that a lazily loaded view uses
// lands on every page's start (see pageStart.test.ts in @portico/ui).

export type { WalletConnectErrorKind, WalletConnectProtocolErrorType } from '../features/walletconnect/errors.js'
export {
  type GetWalletConnectLogsReturnType,
  getWalletConnectLogs,
} from '../features/walletconnect/getWalletConnectLogs.js'
export {
  type GetWalletConnectUriReturnType,
  getWalletConnectUri,
} from '../features/walletconnect/getWalletConnectUri.js'
export {
  type PrepareWalletConnectParameters,
  type PrepareWalletConnectReturnType,
  prepareWalletConnect,
} from '../features/walletconnect/prepareWalletConnect.js'
export {
  type WalletConnectLinks,
  type WalletLinkKind,
  walletConnectLinks,
} from '../features/walletconnect/walletLinks.js'
export {
  type WatchWalletConnectUriParameters,
  watchWalletConnectUri,
} from '../features/walletconnect/watchWalletConnectUri.js'
