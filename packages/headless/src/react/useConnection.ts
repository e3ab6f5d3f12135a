'use client'
import { useAtomValue } from 'jotai/react'
import { useMemo } from 'react'
import {
  type GetConnectionParameters,
  type GetConnectionReturnType,
  getConnection,
} from '../core/actions/getConnection.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../core/state/atoms.js'
import { usePortico } from './usePortico.js'

export type UseConnectionParameters = GetConnectionParameters
export type UseConnectionReturnType = GetConnectionReturnType

/**
 * The account state of the active namespace (or `namespace`): status, address, CAIP address,
 * network and wallet info.
 *
 * @example
 * const { status, address, network } = useConnection()
 */
export function useConnection({ namespace }: UseConnectionParameters = {}): UseConnectionReturnType {
  const { portico } = usePortico('useConnection')
  const accounts = useAtomValue(accountsAtom, { store: portico.store })
  const active = useAtomValue(activeNamespaceAtom, { store: portico.store })
  const networks = useAtomValue(activeNetworksAtom, { store: portico.store })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the atoms are the inputs getConnection reads.
  return useMemo(() => getConnection(portico, { namespace }), [portico, namespace, accounts, active, networks])
}
