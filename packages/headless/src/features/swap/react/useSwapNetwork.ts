'use client'
import { useConnection } from '../../../kernel/react/useConnection.js'
import type { CaipNetworkId } from '../../../kernel/utils/caip.js'
import { isSwapNetwork } from '../convert.js'
import { SwapNetworkNotSupportedError } from '../errors.js'

/**
 * @internal The network swap hooks act on (`caipNetworkId`, else the connected network) and, when
 * one is known but the convert API does not serve it, the spec's 'Network not supported for Swaps'
 * error: hooks surface it instead of idling silently.
 */
export function useSwapNetwork(caipNetworkId: CaipNetworkId | undefined) {
  const connection = useConnection()
  const network = caipNetworkId ?? (connection.network?.caipNetworkId as CaipNetworkId | undefined)
  const unsupported = network !== undefined && !isSwapNetwork(network)
  return {
    connection,
    caipNetworkId: network,
    unsupportedError: unsupported ? new SwapNetworkNotSupportedError({ caipNetworkId: network }) : undefined,
  }
}
