import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { type WalletConnectSession, walletConnectSession } from './session.js'

/**
 * @internal
 * WalletConnect when readying it ahead of the pick is wanted: configured, not turned off with
 * `walletConnect: { prepare: false }`, and not already the connection (then it is loaded and
 * started). The one check behind `prepareWalletConnect`, with or without `start`.
 *
 * @example
 * await walletConnectToReady(portico)?.prepare()
 */
export function walletConnectToReady(portico: Portico): WalletConnectSession | undefined {
  if (!portico.options.walletConnect?.prepare) return undefined
  if (getConnection(portico).connector?.type === 'WALLET_CONNECT') return undefined
  return walletConnectSession(portico)
}
