import type { Portico } from '../config/createPortico.js'
import { reconnectDiscoveryTimeoutMs } from '../config/defaults.js'
import { accountsAtom, activeNetworksAtom, connectorsAtom } from '../state/atoms.js'
import { adapterFor, applyConnection, findConnector, resetAccount, updateAccount } from '../state/connection.js'
import { startDiscovery } from '../state/discovery.js'
import { hydrate } from '../state/hydrate.js'
import type { AccountState, Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

export type ReconnectReturnType = readonly AccountState[]

/**
 * Silently restores the connections persisted by an earlier page: for every namespace in status
 * `reconnecting`, waits briefly for its wallet to be discovered, then asks it for accounts without
 * prompting. Ends in `connected`, or `disconnected` when the wallet is gone or no longer authorises
 * the site. Concurrent calls share one run. Resolves with the namespaces it connected.
 *
 * @example
 * await reconnect(portico)
 */
export function reconnect(portico: Portico): Promise<ReconnectReturnType> {
  portico._internal.reconnecting ??= run(portico).finally(() => {
    portico._internal.reconnecting = undefined
  })
  return portico._internal.reconnecting
}

async function run(portico: Portico): Promise<ReconnectReturnType> {
  hydrate(portico)
  const pending = Object.values(portico.store.get(accountsAtom)).filter(
    (a): a is AccountState & { connectorId: string } => a?.status === 'reconnecting' && Boolean(a.connectorId),
  )
  if (pending.length === 0) return []
  const release = startDiscovery(portico)
  try {
    const results = await Promise.all(pending.map((account) => reconnectOne(portico, account)))
    return results.filter((r): r is AccountState => r !== undefined)
  } finally {
    release()
  }
}

async function reconnectOne(portico: Portico, account: AccountState & { connectorId: string }) {
  const { namespace, connectorId } = account
  const connector = await waitForConnector(portico, namespace, connectorId)
  const adapter = connector ? adapterFor(portico, connector) : undefined
  const network =
    portico.store.get(activeNetworksAtom)[namespace] ?? portico.networks.find((n) => n.chainNamespace === namespace)
  if (!adapter || !connector || !network) {
    // The wallet is not here (extension removed or disabled): don't prompt, stay disconnected,
    // but keep the stored record so it reconnects once the wallet is back.
    updateAccount(portico, namespace, () => ({ namespace, status: 'disconnected' }))
    return undefined
  }
  try {
    const connection = await adapter.reconnect({ connector, network })
    // A newer user action took over this namespace while the wallet answered.
    if (portico.store.get(accountsAtom)[namespace]?.status !== 'reconnecting') return undefined
    if (!connection || connection.accounts.length === 0) {
      // The wallet no longer authorises this site: forget it (spec: a failed connection check clears).
      resetAccount(portico, namespace)
      return undefined
    }
    applyConnection(portico, { connector, connection, fallbackNetwork: network })
    return portico.store.get(accountsAtom)[namespace]
  } catch (error) {
    console.warn(`[portico] Could not reconnect ${connectorId} on ${namespace}`, error)
    updateAccount(portico, namespace, () => ({ namespace, status: 'disconnected' }))
    return undefined
  }
}

/** Resolves as soon as the connector is discovered, or `undefined` after a short grace period. */
function waitForConnector(portico: Portico, namespace: ChainNamespace, connectorId: string) {
  const found = findConnector(portico, namespace, connectorId)
  if (found) return Promise.resolve(found)
  return new Promise<Connector | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), reconnectDiscoveryTimeoutMs)
    const unsubscribe = portico.store.sub(connectorsAtom, () => {
      const connector = findConnector(portico, namespace, connectorId)
      if (connector) finish(connector)
    })
    function finish(connector: Connector | undefined) {
      clearTimeout(timer)
      unsubscribe()
      resolve(connector)
    }
  })
}
