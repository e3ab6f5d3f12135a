import type { Portico } from '../../kernel/portico.js'
import type { Connection } from '../../kernel/types.js'
import { orderedConnectionsAtom, startConnections } from './connections.js'

export type GetConnectionsReturnType = readonly Connection[]

/**
 * Every wallet connection, the active ones first, then the others in the order they were made:
 * with the `multiWallet` feature on, each namespace can hold several (one `active`, the others
 * `connected` or `disconnected`); with it off, the one active connection per connected namespace.
 * The same array until something changes.
 *
 * @example
 * const connections = getConnections(portico)
 * const [active] = connections // the wallet in use comes first
 */
export function getConnections(portico: Portico): GetConnectionsReturnType {
  startConnections(portico)
  return portico.store.get(orderedConnectionsAtom)
}
