import type { Portico } from '../portico.js'
import { recentWalletsAtom } from '../state/atoms.js'
import { watchRegistry } from '../state/registry.js'
import { type GetConnectorsParameters, type GetConnectorsReturnType, getConnectors } from './getConnectors.js'

export type WatchConnectorsParameters = GetConnectorsParameters & {
  onChange(connectors: GetConnectorsReturnType): void
}

/**
 * Calls `onChange` with the sorted connectors whenever a wallet is discovered or the recent list
 * changes. Returns the unsubscribe function. Does not start discovery (see {@link initialize}).
 *
 * @example
 * const unwatch = watchConnectors(portico, { onChange: (connectors) => render(connectors) })
 */
export function watchConnectors(portico: Portico, { onChange, ...parameters }: WatchConnectorsParameters) {
  const emit = () => onChange(getConnectors(portico, parameters))
  const offConnectors = watchRegistry(portico, emit)
  const offRecent = portico.store.sub(recentWalletsAtom, emit)
  return () => {
    offConnectors()
    offRecent()
  }
}
