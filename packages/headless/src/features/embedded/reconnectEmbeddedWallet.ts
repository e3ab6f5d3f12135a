import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import { reconnect } from '../../kernel/actions/reconnect.js'
import type { Portico } from '../../kernel/portico.js'
import { accountsAtom, activeNamespaceAtom, connectorsAtom } from '../../kernel/state/atoms.js'
import { updateAccount } from '../../kernel/state/connection.js'
import { hydrate } from '../../kernel/state/hydrate.js'
import { connectedConnectorSchema } from '../../kernel/state/persistence.js'
import { storageKeys } from '../../kernel/state/storage.js'
import type { Connector } from '../../kernel/types.js'
import { authConnectorId } from './authConnector.js'
import { getEmbeddedWallet } from './embeddedWallet.js'

/**
 * Restores an email login after a reload, silently, through the kit's ordinary page-load
 * `reconnect`: when the login cache says email login was used, the AUTH connectors are made known
 * to it and every embedded namespace that was connected through them (or not connected at all)
 * goes to `reconnecting`; `reconnect` then asks the connector, which asks the frame whether its
 * session still holds (the spec's connection check). Held: the namespaces connect again (no
 * prompt, no code). Not held: the connector clears the login cache, `reconnect` forgets the stored
 * connection, and `undefined` is returned. The page-load reconnect cannot do this by itself: the
 * embedded wallet's code is not part of the page until it is needed, so call this where email
 * login is offered (it loads the frame only when the login cache says so).
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
  // Without a provider (core only) the stored connections are read here first, as `reconnect` does.
  hydrate(portico)
  const namespaces = wallet.connectors.map((c) => c.chain)
  for (const namespace of namespaces) {
    const account = portico.store.get(accountsAtom)[namespace]
    if (account?.status === 'connected' || account?.status === 'connecting') continue
    const stored = portico.storage.get(storageKeys.connectedConnector(namespace), connectedConnectorSchema)
    // Another wallet was connected here: leave it to its own reconnect.
    if (stored && stored !== authConnectorId) continue
    updateAccount(portico, namespace, (current) => ({
      ...current,
      status: 'reconnecting',
      connectorId: authConnectorId,
    }))
  }
  // Known to `reconnect` only while it runs: the AUTH connector is no wallet to list.
  const added = publish(portico, wallet.connectors)
  let restored: Awaited<ReturnType<typeof reconnect>>
  try {
    restored = await reconnect(portico)
  } finally {
    unpublish(portico, added)
  }
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

/**
 * @internal For the page-load `reconnect`, when a stored connection is the AUTH connector's: makes
 * the AUTH connectors known while it runs (loading the frame only when the login cache says email
 * login was used), so a reload restores an email login without opening the modal. Returns the
 * undo.
 *
 * @example
 * const release = publishAuthConnectorsForReconnect(portico)
 * try { await reconnectGroups() } finally { release() }
 */
export function publishAuthConnectorsForReconnect(portico: Portico): () => void {
  const wallet = getEmbeddedWallet(portico)
  if (!wallet.readLoginCache().used) return () => {}
  const added = publish(portico, wallet.connectors)
  return () => unpublish(portico, added)
}

function publish(portico: Portico, connectors: readonly Connector[]): Connector[] {
  const all = { ...portico.store.get(connectorsAtom) }
  const added: Connector[] = []
  for (const connector of connectors) {
    const list = all[connector.chain] ?? []
    if (list.some((c) => c.id === connector.id)) continue
    all[connector.chain] = [...list, connector]
    added.push(connector)
  }
  portico.store.set(connectorsAtom, all)
  return added
}

function unpublish(portico: Portico, added: readonly Connector[]) {
  const all = { ...portico.store.get(connectorsAtom) }
  for (const connector of added) all[connector.chain] = (all[connector.chain] ?? []).filter((c) => c !== connector)
  portico.store.set(connectorsAtom, all)
}
