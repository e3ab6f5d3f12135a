'use client'
import { type GetNetworkParameters, type GetNetworkReturnType, getNetwork } from '../actions/getNetwork.js'
import { watchNetwork } from '../actions/watchNetwork.js'
import { useCoreState } from './useCoreState.js'
import { usePortico } from './usePortico.js'

export type UseNetworkParameters = GetNetworkParameters
export type UseNetworkReturnType = GetNetworkReturnType

/**
 * The selected network, the configured networks, and whether the unsupported-chain view applies.
 *
 * @example
 * const { network, networks, showUnsupportedView } = useNetwork()
 */
export function useNetwork({ namespace }: UseNetworkParameters = {}): UseNetworkReturnType {
  const { portico } = usePortico('useNetwork')
  return useCoreState(
    (onChange) => watchNetwork(portico, { namespace, onChange }),
    () => getNetwork(portico, { namespace }),
    [portico, namespace],
  )
}
