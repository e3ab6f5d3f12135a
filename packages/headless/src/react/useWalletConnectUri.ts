'use client'
import type { GetWalletConnectUriReturnType } from '../core/actions/getWalletConnectUri.js'
import { getWalletConnectUri } from '../core/actions/getWalletConnectUri.js'
import { watchWalletConnectUri } from '../core/actions/watchWalletConnectUri.js'
import { useCoreState } from './useCoreState.js'
import { usePortico } from './usePortico.js'

/**
 * The pending WalletConnect pairing (`{ uri, expiresAt }`), renewed on expiry; `undefined` when no
 * WalletConnect connection is pending. Start one with `useConnect()` and the WalletConnect connector.
 *
 * @example
 * const pairing = useWalletConnectUri()
 * return pairing ? <QrCode value={pairing.uri} /> : <Spinner />
 */
export function useWalletConnectUri(): GetWalletConnectUriReturnType {
  const { portico } = usePortico('useWalletConnectUri')
  return useCoreState(
    (onChange) => watchWalletConnectUri(portico, { onChange }),
    () => getWalletConnectUri(portico),
    [portico],
  )
}
