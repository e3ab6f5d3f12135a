import { type ConnectReturnType, connect } from '../actions/connect.js'
import type { Portico } from '../config/createPortico.js'
import { activeNamespaceAtom } from '../state/atoms.js'
import { getEmbeddedWallet } from './embeddedWallet.js'

/**
 * Restores an email login after a reload, silently: when the login cache says email login was
 * used, the secure frame is loaded and asked whether its session still holds; if so the embedded
 * namespaces connect again (no prompt, no code), otherwise the login cache is cleared and
 * `undefined` is returned. The page-load reconnect cannot do this by itself: the embedded wallet's
 * code is not part of the page until it is needed, so call this where email login is offered.
 *
 * @example
 * ```ts
 * const restored = await reconnectEmbeddedWallet(portico)
 * if (restored) console.log('welcome back', restored.address)
 * ```
 */
export async function reconnectEmbeddedWallet(portico: Portico): Promise<ConnectReturnType | undefined> {
  const wallet = getEmbeddedWallet(portico)
  if (!wallet.readLoginCache().used) return undefined
  const { isConnected } = await wallet.client.request('IS_CONNECTED')
  if (!isConnected) {
    wallet.clearLoginCache()
    return undefined
  }
  return connect(portico, { connector: wallet.connector(portico.store.get(activeNamespaceAtom)) })
}
