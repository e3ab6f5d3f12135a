import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import { reconnect } from '../../kernel/actions/reconnect.js'
import { authConnectorId } from '../../kernel/defaults.js'
import type { Portico } from '../../kernel/portico.js'
import { accountsAtom, activeNamespaceAtom } from '../../kernel/state/atoms.js'
import { markReconnecting } from '../../kernel/state/connection.js'
import { hydrate } from '../../kernel/state/hydrate.js'
import { connectedConnectorSchema } from '../../kernel/state/persistence.js'
import { storageKeys } from '../../kernel/state/storage.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { readLoginCache } from './loginCache.js'

/**
 * Restores an email login after a reload, silently, through the kit's ordinary page-load
 * `reconnect`: when the login cache says email login was used, every embedded namespace that was
 * connected through the AUTH connector (or not connected at all) goes to `reconnecting`; `reconnect`
 * then asks the connector (in the registry like any other), which asks the frame whether its
 * session still holds (the spec's connection check). Held: the namespaces connect again (no
 * prompt, no code). Not held: the connector clears the login cache, `reconnect` forgets the stored
 * connection, and `undefined` is returned. A check the frame cannot answer (the frame or the auth
 * server unreachable) also clears the login cache: nothing connects, and the next load restores nothing. The page-load reconnect already restores a stored email
 * connection; call this where email login is offered, to restore a login whose connection was not
 * stored (it loads the frame only when the login cache says so).
 *
 * @example
 * ```ts
 * const restored = await reconnectEmbeddedWallet(portico)
 * if (restored) console.log('welcome back', restored.address)
 * ```
 */
export async function reconnectEmbeddedWallet(portico: Portico): Promise<ConnectReturnType | undefined> {
  // The login cache first: the wallet (its frame client) loads the frame, which a visitor who never
  // logged in here must not pay for.
  if (!readLoginCache(portico).used) return undefined
  const wallet = getEmbeddedWallet(portico)
  // Without a provider (core only) the stored connections are read here first, as `reconnect` does.
  hydrate(portico)
  for (const namespace of wallet.namespaces) {
    const account = portico.store.get(accountsAtom)[namespace]
    if (account?.status === 'connected' || account?.status === 'connecting') continue
    const stored = portico.storage.get(storageKeys.connectedConnector(namespace), connectedConnectorSchema)
    // Another wallet was connected here: leave it to its own reconnect.
    if (stored && stored !== authConnectorId) continue
    markReconnecting(portico, namespace, { connectorId: authConnectorId })
  }
  const restored = await reconnect(portico)
  const mine = restored.filter((a) => a.connectorId === authConnectorId && a.address)
  const active = portico.store.get(activeNamespaceAtom)
  const account = mine.find((a) => a.namespace === active) ?? mine[0]
  if (!account?.address) return undefined
  return {
    namespace: account.namespace,
    address: account.address,
    accounts: account.addresses ?? [account.address],
    caipNetworkId: account.caipNetworkId,
  }
}
