import { BaseError } from '../errors/base.js'
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
import type { Portico } from '../portico.js'
import { resolveNamespace } from '../state/activeConnection.js'
import { accountsAtom } from '../state/atoms.js'
import { setActiveNetwork } from '../state/connection.js'
import { singleFlight } from '../state/singleFlight.js'
import type { PorticoNetwork } from '../types.js'
import type { CaipNetworkId } from '../utils/caip.js'

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
  if (!network) throw portico.alerts.raise(new SwitchNetworkNotFoundError({ caipNetworkId: String(caipNetworkId) }))
  const { namespace } = resolveNamespace(portico, network.chainNamespace)
  const account = portico.store.get(accountsAtom)[namespace]
  const connector = account?.status === 'connected' ? account.connector : undefined
  if (connector && account?.caipNetworkId !== caipNetworkId) {
    try {
      // A second click on the same network while the wallet asks joins that prompt.
      await singleFlight(portico, ['wallet', 'switchNetwork', connector, namespace, caipNetworkId], () =>
        connector.switchNetwork({ namespace, network, networks: portico.networks, current: account?.caipNetworkId }),
      )
    } catch (error) {
      // The connector's typed errors (WalletConnect's own 'not approved' for a chain outside the
      // session) pass through as they are.
      if (error instanceof BaseError) throw error
      if (isUserRejection(error)) throw new UserRejectedRequestError({ cause: error })
      throw new SwitchChainNotApprovedError({ chainId: network.id, cause: error })
    }
  }
  setActiveNetwork(portico, network)
  return network
}
