import { getConnection } from '../../kernel/actions/getConnection.js'
import type { Portico } from '../../kernel/portico.js'
import { type CaipNetworkId, isCaipNetworkId, isChainNamespace } from '../../kernel/utils/caip.js'
import {
  SiwxNoActiveCaipAddressError,
  type SiwxNoActiveCaipAddressErrorType,
  SiwxNoActiveNetworkError,
  type SiwxNoActiveNetworkErrorType,
} from './errors.js'

/** Which account and network a sign-in action is about; each defaults to the active one. */
export type SiwxAccountParameters = {
  /** CAIP-2 network; default: the connected account's network. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Account address; default: the connected account's address. */
  address?: string | undefined
}

export type ResolveSiwxAccountErrorType = SiwxNoActiveCaipAddressErrorType | SiwxNoActiveNetworkErrorType

/**
 * @internal
 * Fills in the active account and network. Throws 'No ActiveCaipNetwork or client found' when
 * there is no network or no adapter for its namespace, 'No ActiveCaipAddress found' when no
 * account is connected and none was given.
 */
export function resolveSiwxAccount(
  portico: Portico,
  { caipNetworkId, address }: SiwxAccountParameters = {},
): { caipNetworkId: CaipNetworkId; address: string } {
  const namespace = caipNetworkId?.split(':')[0]
  const connection = getConnection(portico, isChainNamespace(namespace) ? { namespace } : {})
  const network = caipNetworkId ?? connection.caipNetworkId ?? connection.network?.caipNetworkId
  if (!network || !isCaipNetworkId(network)) throw new SiwxNoActiveNetworkError()
  const networkNamespace = network.split(':')[0] as string
  if (!isChainNamespace(networkNamespace) || !portico.adapters.has(networkNamespace))
    throw new SiwxNoActiveNetworkError({ details: `No adapter for ${network}.` })
  const account = address ?? (connection.status === 'connected' ? connection.address : undefined)
  if (!account) throw new SiwxNoActiveCaipAddressError()
  return { caipNetworkId: network, address: account }
}
