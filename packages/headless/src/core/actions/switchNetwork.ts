import type { Portico } from '../config/createPortico.js'
import { isUserRejection } from '../errors/isUserRejection.js'
import {
  type AdapterNotFoundErrorType,
  SwitchChainNotApprovedError,
  type SwitchChainNotApprovedErrorType,
  SwitchNetworkNotFoundError,
  type SwitchNetworkNotFoundErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/network.js'
import { accountsAtom } from '../state/atoms.js'
import { adapterFor, findConnector, setActiveNetwork } from '../state/connection.js'
import type { PorticoNetwork } from '../types.js'
import type { CaipNetworkId } from '../utils/caip.js'
import { resolveAdapter } from './resolveNamespace.js'

export type SwitchNetworkParameters = { caipNetworkId: CaipNetworkId }
export type SwitchNetworkReturnType = PorticoNetwork
export type SwitchNetworkErrorType =
  | SwitchNetworkNotFoundErrorType
  | SwitchChainNotApprovedErrorType
  | UserRejectedRequestErrorType
  | AdapterNotFoundErrorType

/**
 * Makes a configured network the active one. When a wallet is connected on that namespace it is
 * asked to switch first (eip155: `wallet_switchEthereumChain`, adding the chain with
 * `wallet_addEthereumChain` on 4902). A network that is not configured raises the
 * 'switch network not found' alert and throws {@link SwitchNetworkNotFoundError}.
 *
 * @example
 * await switchNetwork(portico, { caipNetworkId: 'eip155:8453' })
 */
export async function switchNetwork(
  portico: Portico,
  { caipNetworkId }: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const network = portico.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) {
    const error = new SwitchNetworkNotFoundError({ caipNetworkId: String(caipNetworkId) })
    portico.alerts.emit('SWITCH_NETWORK_NOT_FOUND', { details: error.details, cause: error })
    throw error
  }
  const { namespace } = resolveAdapter(portico, network.chainNamespace)
  const account = portico.store.get(accountsAtom)[namespace]
  const connector =
    account?.status === 'connected' && account.connectorId
      ? findConnector(portico, namespace, account.connectorId)
      : undefined
  const adapter = connector ? adapterFor(portico, connector) : undefined
  if (connector && adapter && account?.caipNetworkId !== caipNetworkId) {
    try {
      await adapter.switchNetwork({ connector, network, networks: portico.networks })
    } catch (error) {
      if (isUserRejection(error)) throw new UserRejectedRequestError({ cause: error })
      throw new SwitchChainNotApprovedError({ chainId: network.id, cause: error })
    }
  }
  setActiveNetwork(portico, network)
  return network
}
