import { type WalletConnectSession, walletConnectSession } from '../features/walletconnect/session.js'
import type { Portico } from '../kernel/portico.js'

/**
 * The instance's WalletConnect session (its controller, loaded on demand, and `prepare`), or
 * `undefined` when WalletConnect is off: tests spy on it, close its client, or read its pairings.
 * A test helper, not part of any public entry.
 */
export function walletConnectOf(portico: Portico): WalletConnectSession | undefined {
  return portico.options.walletConnect ? walletConnectSession(portico) : undefined
}
