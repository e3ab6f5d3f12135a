import type { Portico } from '../../kernel/portico.js'
import { walletConnectToReady } from './walletConnectToReady.js'

export type PrepareWalletConnectParameters = {
  /**
   * Start the client and publish a pairing proposal (default), or, with `false`, only fetch and
   * evaluate the SDK's code: no storage, relay socket, keys or request to any other host.
   */
  start?: boolean | undefined
}

export type PrepareWalletConnectReturnType = undefined

/**
 * Gets WalletConnect ready before the user picks it, so its QR code shows at once: loads the
 * SDK's chunk, starts the client (its storage and relay socket) and publishes one pairing
 * proposal, which the next WalletConnect `connect` shows instead of creating its own (it renews
 * it as usual when it expires); a `connect` that starts while it is on its way takes it over. Call
 * it when the user shows intent; the prebuilt modal does when the pointer moves over or focus
 * reaches a row that pairs over WalletConnect, or the pointer presses it (the client and its key
 * stay in memory once it ran).
 *
 * With `start: false` it only fetches and evaluates the SDK's code (~142 KiB gzip, ~0.8 MB in
 * memory from then on), the largest step between the pick and the QR code (~150 ms of ~350 on a
 * desktop CPU): for a way to WalletConnect that is not yet a pick. The prebuilt modal does so when
 * the pointer moves over, presses, or focus reaches "All Wallets" (whose wallets pair over
 * WalletConnect; searching there for an installed wallet should not pay for the client's start),
 * never when the modal opens, so a connect with an installed wallet fetches none of it.
 *
 * One verb at two depths, not two verbs: both ready the same thing for the same pick, and share
 * the same guard. Does nothing without WalletConnect, with `walletConnect: { prepare: false }`, or
 * when a WalletConnect session is already connected (the code and client are there). Safe to call
 * often; never rejects (a failure is reported by the connection that follows).
 *
 * @example
 * const ready = () => void prepareWalletConnect(portico)
 * <button onPointerEnter={ready} onFocus={ready} onClick={connectWithWalletConnect}>WalletConnect</button>
 * const codeOnly = () => void prepareWalletConnect(portico, { start: false })
 * <button onPointerMove={codeOnly} onFocus={codeOnly} onClick={openWalletDirectory}>More wallets</button>
 */
export async function prepareWalletConnect(
  portico: Portico,
  parameters?: PrepareWalletConnectParameters,
): Promise<PrepareWalletConnectReturnType> {
  const walletConnect = walletConnectToReady(portico)
  if (parameters?.start !== false) return void (await walletConnect?.prepare())
  // Here, not beside `prepare` in the connector: this module loads with the modal's views, not at page start.
  await walletConnect?.load().then(
    (controller) => controller.preload(),
    () => {}, // the chunk failed to arrive: connecting will say so
  )
}
