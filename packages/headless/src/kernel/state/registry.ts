import type { Portico } from '../portico.js'
import type { Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'
import { connectorsAtom } from './atoms.js'

/**
 * @internal
 * Puts `connectors` in the instance's one connector registry as the whole list of `source`,
 * replacing what that source listed before. Every kind of connector enters this way: an adapter's
 * discovery reports its wallets (`adapter:eip155`), and a feature lists its connectors when the
 * instance is made (`feature:walletConnect`, `feature:embedded`). Within a source, a second
 * connector with an id already listed in its namespace is dropped (a wallet injected twice would
 * make ids ambiguous).
 *
 * @example
 * setConnectors(portico, 'adapter:eip155', discovered)
 */
export function setConnectors(portico: Portico, source: string, connectors: readonly Connector[]): void {
  const unique = connectors.filter(
    (c, i) => connectors.findIndex((other) => other.chain === c.chain && other.id === c.id) === i,
  )
  portico.store.set(connectorsAtom, { ...portico.store.get(connectorsAtom), [source]: unique })
}

/**
 * @internal
 * Every registered connector (of `namespace` when given), sources in the order they first listed,
 * each source's connectors in its own order.
 *
 * @example
 * const all = listConnectors(portico, 'eip155')
 */
export function listConnectors(portico: Portico, namespace?: ChainNamespace | undefined): Connector[] {
  const all = Object.values(portico.store.get(connectorsAtom)).flat()
  return namespace ? all.filter((c) => c.chain === namespace) : all
}

/**
 * @internal
 * The registered connector with `connectorId` in `namespace`, whatever listed it.
 *
 * @example
 * const restored = findConnector(portico, 'eip155', 'io.metamask')
 */
export function findConnector(portico: Portico, namespace: ChainNamespace, connectorId: string): Connector | undefined {
  return listConnectors(portico, namespace).find((c) => c.id === connectorId)
}

/**
 * @internal
 * Calls `onChange` whenever a source's list changes. Returns the unsubscribe function.
 *
 * @example
 * const unwatch = watchRegistry(portico, () => render(listConnectors(portico)))
 */
export function watchRegistry(portico: Portico, onChange: () => void): () => void {
  return portico.store.sub(connectorsAtom, onChange)
}
