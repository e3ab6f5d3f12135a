import { usePortico } from '@portico/headless'
import { prepareWalletConnect } from '@portico/headless/walletconnect'
import { useCallback } from 'react'
import { usePorticoUI } from '../../context.js'
import { preloadView, type ViewTable } from '../../modal/views.js'

// The one module that readies WalletConnect ahead of the pick in the prebuilt modal. Nothing of it
// loads when the modal opens: most users pick an installed wallet, and the SDK's chunk (~142 KiB
// gzip, ~0.8 MB of heap evaluated) was fetched on every opening whatever they picked, so a connect
// with an installed wallet fetched ~300 KiB of JS in all. It now loads on intent:
// - the pointer moving over (not merely resting on: a view that opens under it is no pick), a
//   press on, or focus reaching a row that pairs over WalletConnect (its own row, a recent,
//   featured or recommended directory wallet, a directory wallet in All Wallets): the SDK, the
//   client and one pairing proposal (`prepareWalletConnect`);
// - the same on "All Wallets", the way to the directory's wallets: only the SDK's code, evaluated
//   but not started (`prepareWalletConnect` with `start: false`), because All Wallets is often searched for an
//   installed wallet and the client's start (key generation) made keystrokes there late on a slow
//   phone (p95 62-74 ms at 4× CPU throttling).
// The pointer reaches a row some hundreds of ms before the press, and `connect` takes over a
// preparation in flight, so the QR code keeps that head start. Measured (bench, `--only
// portico-readme,portico-modal,react,wagmi --interactions-only wc`, a 2-core machine shared with
// other jobs, medians of 5): an installed wallet's connect on the README's page fetched 0 KiB of
// WalletConnect (every opening fetched its ~142 KiB gzip before); pointerdown → QR with the pointer rested on
// the row first 177 ms (target ≤ 300), pressed at once with nothing loaded (cold) 662 ms.

/**
 * Everything between the pick and the QR code that can be had ahead: the pairing (SDK, client, one
 * proposal; `prepareWalletConnect`, which honours `walletConnect.prepare`) and the WalletConnect
 * views' chunks, whose module loads the QR encoder. The chunks are the app's own, a few KiB.
 */
function readyWalletConnect(portico: Parameters<typeof prepareWalletConnect>[0], table: ViewTable): void {
  void prepareWalletConnect(portico)
  preloadWalletConnectViews(table)
}

/** The WalletConnect views' chunks; their module loads the QR encoder. */
function preloadWalletConnectViews(table: ViewTable): void {
  preloadView(table, 'ConnectingWalletConnectBasic').catch(() => {})
  preloadView(table, 'ConnectingWalletConnect').catch(() => {})
}

/**
 * @internal
 * Readies WalletConnect (the SDK, its client and one pairing proposal, the WalletConnect views'
 * chunks) when the user reaches for a row that pairs over it: give it to the row's
 * `onPointerMove`, `onPointerDown` and `onFocus`. Stable across renders.
 *
 * @example
 * const intent = usePrepareWalletConnectOnIntent()
 * <button onPointerMove={intent} onPointerDown={intent} onFocus={intent} onClick={pick}>WalletConnect</button>
 */
export function usePrepareWalletConnectOnIntent(): () => void {
  const { portico } = usePortico('usePrepareWalletConnectOnIntent')
  const { table } = usePorticoUI('usePrepareWalletConnectOnIntent').modal
  return useCallback(() => readyWalletConnect(portico, table), [portico, table])
}

/**
 * @internal
 * Loads WalletConnect's code and the WalletConnect views' chunks, not its client (no storage,
 * socket or key), when the user reaches for a way to the directory's wallets ("All Wallets"),
 * whose rows pair over WalletConnect. Does nothing without WalletConnect. Stable across renders.
 *
 * @example
 * const intent = usePreloadWalletConnectOnIntent()
 * <button onPointerMove={intent} onFocus={intent} onClick={openAllWallets}>All Wallets</button>
 */
export function usePreloadWalletConnectOnIntent(): () => void {
  const { portico } = usePortico('usePreloadWalletConnectOnIntent')
  const { table } = usePorticoUI('usePreloadWalletConnectOnIntent').modal
  return useCallback(() => {
    if (!portico.options.walletConnect?.prepare) return
    void prepareWalletConnect(portico, { start: false })
    preloadWalletConnectViews(table)
  }, [portico, table])
}
