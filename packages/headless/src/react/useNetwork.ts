'use client'
import { useAtomValue } from 'jotai/react'
import { useMemo } from 'react'
import { type GetNetworkParameters, type GetNetworkReturnType, getNetwork } from '../core/actions/getNetwork.js'
import { activeNamespaceAtom, activeNetworksAtom } from '../core/state/atoms.js'
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
  const active = useAtomValue(activeNamespaceAtom, { store: portico.store })
  const networks = useAtomValue(activeNetworksAtom, { store: portico.store })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the atoms are the inputs getNetwork reads.
  return useMemo(() => getNetwork(portico, { namespace }), [portico, namespace, active, networks])
}
