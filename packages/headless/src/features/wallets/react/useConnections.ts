'use client'
import { useCoreState } from '../../../kernel/react/useCoreState.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { type GetConnectionsReturnType, getConnections } from '../getConnections.js'
import { watchConnections } from '../watchConnections.js'

/**
 * Every wallet connection (see `getConnections`): with `multiWallet` on, several per namespace,
 * each `active`, `connected` or `disconnected`. Shows the info alert 'Multi-Wallet Not Enabled'
 * once when the feature is off.
 *
 * @example
 * const connections = useConnections()
 * return connections.map((c) => <li key={c.namespace + c.connectorId}>{c.name}: {c.status}</li>)
 */
export function useConnections(): GetConnectionsReturnType {
  const { portico } = usePortico('useConnections')
  return useCoreState(
    (onChange) => watchConnections(portico, { onChange }),
    () => getConnections(portico),
    [portico],
  )
}
