import type { Portico } from '../portico.js'
import { recentWalletsAtom } from '../state/atoms.js'
import { listConnectors } from '../state/registry.js'
import { type SortedConnector, sortConnectors } from '../state/sortConnectors.js'
import type { ChainNamespace } from '../utils/caip.js'

export type GetConnectorsParameters = { namespace?: ChainNamespace | undefined }
export type GetConnectorsReturnType = SortedConnector[]

/**
 * Discovered and configured connectors, in the spec's connector order (or `connectorOrder`), each
 * with its group and the recent / installed / featured flags.
 *
 * @example
 * const connectors = getConnectors(portico, { namespace: 'eip155' })
 */
export function getConnectors(portico: Portico, { namespace }: GetConnectorsParameters = {}): GetConnectorsReturnType {
  return sortConnectors(listConnectors(portico, namespace), {
    order: portico.options.connectorOrder,
    recent: portico.store.get(recentWalletsAtom),
    featuredWalletIds: portico.options.featuredWalletIds,
  })
}
