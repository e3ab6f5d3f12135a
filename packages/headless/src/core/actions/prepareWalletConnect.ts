import type { Portico } from '../config/createPortico.js'
import { getConnection } from './getConnection.js'

export type PrepareWalletConnectReturnType = undefined

/**
 * Gets WalletConnect ready before the user picks it, so its QR code shows at once: loads the
 * SDK's chunk, starts the client (its storage and relay socket) and publishes one pairing
 * proposal, which the next WalletConnect `connect` shows instead of creating its own (it renews
 * it as usual when it expires). Call it when a wallet list comes into view; the prebuilt modal
 * does when its Connect or All Wallets view shows, at idle. Does nothing without WalletConnect,
 * with `walletConnect: { prepare: false }`, or when a WalletConnect session is already connected. Safe to call often; never rejects (a
 * failure is reported by the connection that follows).
 *
 * @example
 * useEffect(() => {
 *   const id = requestIdleCallback(() => void prepareWalletConnect(portico))
 *   return () => cancelIdleCallback(id)
 * }, [portico])
 */
export async function prepareWalletConnect(portico: Portico): Promise<PrepareWalletConnectReturnType> {
  const walletConnect = portico._internal.walletConnect
  if (!walletConnect?.options.prepare) return
  if (getConnection(portico).connector?.type === 'WALLET_CONNECT') return
  await walletConnect.prepare()
}
