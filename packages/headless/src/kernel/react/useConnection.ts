'use client'
import { type GetConnectionParameters, type GetConnectionReturnType, getConnection } from '../actions/getConnection.js'
import { watchConnection } from '../actions/watchConnection.js'
import { useCoreState } from './useCoreState.js'
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
  return useCoreState(
    (onChange) => watchConnection(portico, { namespace, onChange }),
    () => getConnection(portico, { namespace }),
    [portico, namespace],
  )
}
