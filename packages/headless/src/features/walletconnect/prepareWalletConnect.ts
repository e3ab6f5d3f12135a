import type { Portico } from '../../kernel/portico.js'
import { walletConnectToReady } from './walletConnectToReady.js'

export type PrepareWalletConnectReturnType = undefined

/**
 * Gets WalletConnect ready before the user picks it, so its QR code shows at once: loads the
 * SDK's chunk, starts the client (its storage and relay socket) and publishes one pairing
 * proposal, which the next WalletConnect `connect` shows instead of creating its own (it renews
 * it as usual when it expires); a `connect` that starts while it is on its way takes it over. Call
 * it when the user shows intent; the prebuilt modal does when the pointer moves over or focus
 * reaches a row that pairs over WalletConnect, or the pointer presses it (the client and its key
 * stay in memory once it ran; `preloadWalletConnect` loads only the code). Does nothing without WalletConnect,
 * with `walletConnect: { prepare: false }`, or when a WalletConnect session is already connected.
 * Safe to call often; never rejects (a failure is reported by the connection that follows).
 *
 * @example
 * const ready = () => void prepareWalletConnect(portico)
 * <button onPointerEnter={ready} onFocus={ready} onClick={connectWithWalletConnect}>WalletConnect</button>
 */
export async function prepareWalletConnect(portico: Portico): Promise<PrepareWalletConnectReturnType> {
  await walletConnectToReady(portico)?.prepare()
}
