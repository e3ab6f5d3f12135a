import type { Portico } from '../../kernel/portico.js'
import { walletConnectPairingAtom } from '../../kernel/state/atoms.js'
import type { GetWalletConnectUriReturnType } from './getWalletConnectUri.js'

export type WatchWalletConnectUriParameters = { onChange(pairing: GetWalletConnectUriReturnType): void }

/**
 * Calls `onChange` whenever the WalletConnect pairing URI appears, is renewed on expiry, or goes
 * away (connected, rejected or cancelled). Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchWalletConnectUri(portico, { onChange: (p) => p && renderQr(p.uri) })
 */
export function watchWalletConnectUri(portico: Portico, { onChange }: WatchWalletConnectUriParameters) {
  return portico.store.sub(walletConnectPairingAtom, () => onChange(portico.store.get(walletConnectPairingAtom)))
}
