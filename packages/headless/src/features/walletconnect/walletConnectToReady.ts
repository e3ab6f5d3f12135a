import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoWalletConnect } from './walletConnectConnector.js'

/**
 * @internal
 * WalletConnect when readying it ahead of the pick is wanted: configured, not turned off with
 * `walletConnect: { prepare: false }`, and not already the connection (then it is loaded and
 * started). The one check behind `preloadWalletConnect` and `prepareWalletConnect`.
 *
 * @example
 * await walletConnectToReady(portico)?.prepare()
 */
export function walletConnectToReady(portico: Portico): PorticoWalletConnect | undefined {
  const walletConnect = portico._internal.walletConnect
  if (!walletConnect?.options.prepare) return undefined
  if (getConnection(portico).connector?.type === 'WALLET_CONNECT') return undefined
  return walletConnect
}
