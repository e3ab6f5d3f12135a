'use client'
import { type GetConnectorsParameters, type GetConnectorsReturnType, getConnectors } from '../actions/getConnectors.js'
import { watchConnectors } from '../actions/watchConnectors.js'
import { useCoreState } from './useCoreState.js'
import { usePortico } from './usePortico.js'

export type UseConnectorsParameters = GetConnectorsParameters
export type UseConnectorsReturnType = GetConnectorsReturnType

/**
 * Discovered and configured connectors in the spec's connector order, updated as wallets announce
 * themselves.
 *
 * @example
 * const connectors = useConnectors()
 * connectors.map((c) => <button key={c.uid} onClick={() => connect.mutate({ connector: c })}>{c.name}</button>)
 */
export function useConnectors({ namespace }: UseConnectorsParameters = {}): UseConnectorsReturnType {
  const { portico } = usePortico('useConnectors')
  return useCoreState(
    (onChange) => watchConnectors(portico, { namespace, onChange }),
    () => getConnectors(portico, { namespace }),
    [portico, namespace],
  )
}
