import type { Portico } from '../../kernel/portico.js'
import { type WalletConnectPairing, walletConnectPairingAtom } from '../../kernel/state/atoms.js'

export type GetWalletConnectUriReturnType = WalletConnectPairing | undefined

/**
 * The WalletConnect pairing URI (and when it expires) while a WalletConnect connection is pending,
 * for a QR code or a wallet deep link; `undefined` otherwise.
 *
 * @example
 * void connect(portico, { connector: walletConnectConnector })
 * const pairing = getWalletConnectUri(portico) // { uri: 'wc:…@2?…', expiresAt } once it is ready
 */
export function getWalletConnectUri(portico: Portico): GetWalletConnectUriReturnType {
  return portico.store.get(walletConnectPairingAtom)
}
