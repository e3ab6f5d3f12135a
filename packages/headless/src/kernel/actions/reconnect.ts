import { reconnectDiscoveryTimeoutMs } from '../defaults.js'
import type { Portico } from '../portico.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import { applyConnection, markReconnectFailed, resetAccount, setActiveNetwork } from '../state/connection.js'
import { startDiscovery } from '../state/discovery.js'
import { hydrate } from '../state/hydrate.js'
import { findConnector, watchRegistry } from '../state/registry.js'
import type { AccountState, Connector, PorticoNetwork } from '../types.js'
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
  // Namespaces one approval connected (a WalletConnect session) restore together, through one call.
  const groups = new Map<string, ChainNamespace[]>()
  for (const { connectorId, namespace } of pending)
    groups.set(connectorId, [...(groups.get(connectorId) ?? []), namespace])
  const release = startDiscovery(portico)
  // The namespace that was active when the page was left stays active: restoring a connection makes
  // its namespace active, so a wallet restored on two (one approval, or an email login) would
  // otherwise leave whichever answered last active.
  const active = portico.store.get(activeNamespaceAtom)
  try {
    const results = (
      await Promise.all(
        [...groups].map(([connectorId, namespaces]) => reconnectGroup(portico, connectorId, namespaces)),
      )
    ).flat()
    const activeNetwork = active ? portico.store.get(activeNetworksAtom)[active] : undefined
    if (
      results.some((a) => a.namespace === active) &&
      activeNetwork &&
      portico.store.get(activeNamespaceAtom) !== active
    )
      setActiveNetwork(portico, activeNetwork)
    return results
  } finally {
    release()
  }
}

async function reconnectGroup(
  portico: Portico,
  connectorId: string,
  namespaces: readonly ChainNamespace[],
): Promise<AccountState[]> {
  const [first] = namespaces as [ChainNamespace]
  const connector = await waitForConnector(portico, first, connectorId)
  const selected = portico.store.get(activeNetworksAtom)
  const networks: Partial<Record<ChainNamespace, PorticoNetwork>> = {}
  for (const namespace of namespaces)
    networks[namespace] = selected[namespace] ?? portico.networks.find((n) => n.chainNamespace === namespace)
  const stillReconnecting = (namespace: ChainNamespace) =>
    portico.store.get(accountsAtom)[namespace]?.status === 'reconnecting'
  if (!connector) {
    // The wallet is not here (extension removed or disabled): don't prompt, stay disconnected,
    // but keep the stored record so it reconnects once the wallet is back.
    for (const namespace of namespaces) markReconnectFailed(portico, namespace)
    return []
  }
  try {
    const connections = await connector.reconnect({ networks })
    const restored: AccountState[] = []
    for (const namespace of namespaces) {
      // A newer user action took over this namespace while the wallet answered.
      if (!stillReconnecting(namespace)) continue
      const connection = connections.find((c) => c.namespace === namespace && c.accounts.length > 0)
      const fallbackNetwork = networks[namespace]
      if (!connection || !fallbackNetwork) {
        // The wallet no longer authorises this site: forget it (spec: a failed connection check clears).
        resetAccount(portico, namespace)
        continue
      }
      applyConnection(portico, { connector, connection, fallbackNetwork })
      const state = portico.store.get(accountsAtom)[namespace]
      if (state) restored.push(state)
    }
    return restored
  } catch (error) {
    console.warn(`[portico] Could not reconnect ${connectorId} on ${namespaces.join(', ')}`, error)
    for (const namespace of namespaces) markReconnectFailed(portico, namespace)
    return []
  }
}

/** Resolves as soon as the connector is discovered, or `undefined` after a short grace period. */
function waitForConnector(portico: Portico, namespace: ChainNamespace, connectorId: string) {
  const found = findConnector(portico, namespace, connectorId)
  if (found) return Promise.resolve(found)
  return new Promise<Connector | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), reconnectDiscoveryTimeoutMs)
    const unsubscribe = watchRegistry(portico, () => {
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
