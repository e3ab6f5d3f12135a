'use client'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import type { GetWalletConnectUriReturnType } from '../getWalletConnectUri.js'
import { getWalletConnectUri } from '../getWalletConnectUri.js'
import { watchWalletConnectUri } from '../watchWalletConnectUri.js'

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
