'use client'
import { useAtomValue } from 'jotai/react'
import { useMemo } from 'react'
import {
  type GetConnectorsParameters,
  type GetConnectorsReturnType,
  getConnectors,
} from '../core/actions/getConnectors.js'
import { connectorsAtom, recentWalletsAtom } from '../core/state/atoms.js'
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
  const connectors = useAtomValue(connectorsAtom, { store: portico.store })
  const recent = useAtomValue(recentWalletsAtom, { store: portico.store })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the atoms are the inputs getConnectors reads.
  return useMemo(() => getConnectors(portico, { namespace }), [portico, namespace, connectors, recent])
}
