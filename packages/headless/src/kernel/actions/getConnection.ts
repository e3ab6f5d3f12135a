import type { Portico } from '../portico.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import type { AccountState, PorticoNetwork } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

export type GetConnectionParameters = { namespace?: ChainNamespace | undefined }
export type GetConnectionReturnType = AccountState & {
  /** The namespace's selected network (an 'Unknown Network' flagged `unsupported` when the wallet is elsewhere). */
  network: PorticoNetwork | undefined
  isConnected: boolean
  isConnecting: boolean
  isReconnecting: boolean
  isDisconnected: boolean
}

/**
 * The account state of the active namespace, or of `namespace`.
 *
 * @example
 * const { status, address, network } = getConnection(portico)
 */
export function getConnection(portico: Portico, { namespace }: GetConnectionParameters = {}): GetConnectionReturnType {
  const ns = namespace ?? portico.store.get(activeNamespaceAtom) ?? portico.defaultNetwork.chainNamespace
  const account = portico.store.get(accountsAtom)[ns] ?? { namespace: ns, status: 'disconnected' as const }
  return {
    ...account,
    network: portico.store.get(activeNetworksAtom)[ns],
    isConnected: account.status === 'connected',
    isConnecting: account.status === 'connecting',
    isReconnecting: account.status === 'reconnecting',
    isDisconnected: account.status === 'disconnected',
  }
}
