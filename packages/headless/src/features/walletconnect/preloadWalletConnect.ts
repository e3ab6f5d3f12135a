import type { Portico } from '../../kernel/portico.js'
import { walletConnectToReady } from './walletConnectToReady.js'

export type PreloadWalletConnectReturnType = undefined

/**
 * Fetches and evaluates WalletConnect's code (the SDK's chunk, ~142 KiB gzip) without starting
 * it: no storage, relay socket, keys or request to any other host. Evaluating that code is the
 * largest step between the pick and the QR code (~150 ms of ~350 on a desktop CPU). Call it when
 * the user reaches for a way to WalletConnect that is not yet a pick: the prebuilt modal does when
 * the pointer moves over, presses, or focus reaches "All Wallets" (whose wallets pair over
 * WalletConnect), never when the modal opens, so a connect with an installed wallet fetches none of
 * it. The code then stays in memory (~0.8 MB). The client and its pairing proposal wait for a row
 * that leads to WalletConnect (`prepareWalletConnect`). Does nothing without
 * WalletConnect, with `walletConnect: { prepare: false }`, or when a WalletConnect session is
 * already connected (the code is there). Safe to call often; never rejects (a failure is reported
 * by the connection that follows).
 *
 * @example
 * const ready = () => void preloadWalletConnect(portico)
 * <button onPointerMove={ready} onFocus={ready} onClick={openWalletDirectory}>More wallets</button>
 */
export async function preloadWalletConnect(portico: Portico): Promise<PreloadWalletConnectReturnType> {
  const walletConnect = walletConnectToReady(portico)
  if (!walletConnect) return
  // Here, not beside `prepare` in the connector: this module loads with the modal's views, not at page start.
  await walletConnect.load().then(
    (controller) => controller.preload(),
    () => {}, // the chunk failed to arrive: connecting will say so
  )
}
