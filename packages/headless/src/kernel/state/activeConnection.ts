import { NotConnectedError } from '../errors/connection.js'
import { AdapterNotFoundError } from '../errors/network.js'
import type { ChainAdapter, Portico } from '../portico.js'
import type { AccountState, Connector, PorticoNetwork } from '../types.js'
import type { CaipNetworkId, ChainNamespace } from '../utils/caip.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from './atoms.js'

/** @internal The namespace an action works on (given, else the active one) and its adapter. */
export function resolveNamespace(
  portico: Portico,
  namespace: ChainNamespace | undefined,
): { namespace: ChainNamespace; adapter: ChainAdapter } {
  const resolved = namespace ?? portico.store.get(activeNamespaceAtom)
  const adapter = resolved ? portico.adapters.get(resolved) : undefined
  if (!resolved || !adapter) throw new AdapterNotFoundError({ namespace: resolved })
  return { namespace: resolved, adapter }
}

/** @internal A connected namespace with everything an action needs to reach its wallet. */
export type ActiveConnection = {
  namespace: ChainNamespace
  account: AccountState & { address: string; caipNetworkId: CaipNetworkId }
  connector: Connector
  network: PorticoNetwork
}

/**
 * @internal
 * The connection of `namespace` (default: the active one), or {@link NotConnectedError}. The one
 * place actions get the wallet from: the connection keeps the connector that made it.
 */
export function getActiveConnection(portico: Portico, namespace?: ChainNamespace | undefined): ActiveConnection {
  const { namespace: ns } = resolveNamespace(portico, namespace)
  const account = portico.store.get(accountsAtom)[ns]
  const network = portico.store.get(activeNetworksAtom)[ns]
  const connector = account?.connector
  if (account?.status !== 'connected' || !account.address || !account.caipNetworkId || !connector || !network)
    throw new NotConnectedError({ namespace: ns })
  return {
    namespace: ns,
    account: account as ActiveConnection['account'],
    connector,
    network,
  }
}
