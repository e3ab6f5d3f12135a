import type { ConnectParameters, ConnectReturnType } from '../actions/connect.js'
import type { Portico } from '../config/createPortico.js'
import { BaseError } from '../errors/base.js'
import { ConnectorNotFoundError, FailedToConnectError } from '../errors/connection.js'
import { NetworkNotFoundError } from '../errors/network.js'
import { accountsAtom, activeNamespaceAtom, activeNetworksAtom } from '../state/atoms.js'
import { applyConnection, updateAccount } from '../state/connection.js'
import { addRecentWallet, isSafeImageUrl } from '../state/persistence.js'
import { nextConnectionStatus } from '../state/status.js'
import type { AccountState, Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

/**
 * @internal
 * The connect action for WalletConnect: one pairing, one session, and every namespace the wallet
 * approved (and Portico has configured) connected together. The picked connector's namespace
 * shows `connecting` meanwhile; on failure it is restored exactly as it was.
 */
export async function connectWalletConnect(
  portico: Portico,
  parameters: ConnectParameters & { connector: Connector },
): Promise<ConnectReturnType> {
  const { connector, wallet, signal } = parameters
  const walletConnect = portico._internal.walletConnect
  if (!walletConnect) throw new ConnectorNotFoundError({ connectorId: connector.id })
  if (parameters.caipNetworkId && !portico.networks.some((n) => n.caipNetworkId === parameters.caipNetworkId))
    throw new NetworkNotFoundError({ caipNetworkId: parameters.caipNetworkId })

  const namespace = connector.chain
  const before: AccountState = portico.store.get(accountsAtom)[namespace] ?? { namespace, status: 'disconnected' }
  const attempt = (portico._internal.connectAttempts.get(namespace) ?? 0) + 1
  portico._internal.connectAttempts.set(namespace, attempt)
  updateAccount(portico, namespace, (current) => ({
    ...current,
    status: nextConnectionStatus(current.status, 'CONNECT'),
  }))

  let controller: Awaited<ReturnType<typeof walletConnect.load>>
  let session: Awaited<ReturnType<typeof controller.connect>>
  try {
    controller = await walletConnect.load()
    session = await controller.connect({ signal })
  } catch (error) {
    if (portico._internal.connectAttempts.get(namespace) === attempt) updateAccount(portico, namespace, () => before)
    throw error instanceof BaseError ? error : new FailedToConnectError({ cause: error })
  }

  const connected: ChainNamespace[] = []
  for (const wcConnector of walletConnect.connectors) {
    const ns = wcConnector.chain
    const requested = parameters.caipNetworkId?.startsWith(`${ns}:`)
      ? portico.networks.find((n) => n.caipNetworkId === parameters.caipNetworkId)
      : undefined
    const selected = portico.store.get(activeNetworksAtom)[ns]
    const preferred = requested ?? (selected && !selected.unsupported ? selected : undefined)
    const connection = controller.connection(session, ns, preferred)
    if (!connection) continue
    const fallbackNetwork = preferred ?? portico.networks.find((n) => n.chainNamespace === ns)
    if (!fallbackNetwork) continue
    // A namespace another wallet holds is taken over: the user just chose this wallet for it.
    updateAccount(portico, ns, (current) =>
      current.status === 'connected' ? { ...current, status: 'connecting' } : current,
    )
    applyConnection(portico, { connector: wcConnector, connection, fallbackNetwork, recent: false })
    connected.push(ns)
  }
  if (connected.length === 0) {
    updateAccount(portico, namespace, () => before)
    await controller.disconnect().catch(() => {})
    throw new FailedToConnectError({
      cause: new Error('The wallet approved none of the namespaces this app is configured for'),
    })
  }
  if (!connected.includes(namespace)) updateAccount(portico, namespace, () => before)
  const active = connected.includes(namespace) ? namespace : (connected[0] as ChainNamespace)
  portico.store.set(activeNamespaceAtom, active)

  addRecentWallet(
    portico,
    wallet
      ? {
          id: wallet.id,
          namespace: active,
          name: wallet.name,
          icon: isSafeImageUrl(wallet.imageUrl) ? wallet.imageUrl : undefined,
          imageId: wallet.imageId,
          walletConnect: true,
        }
      : { id: connector.id, namespace: active, name: connector.name },
  )
  const state = portico.store.get(accountsAtom)[active]
  return {
    namespace: active,
    address: state?.address ?? '',
    accounts: state?.addresses ?? [],
    caipNetworkId: state?.caipNetworkId,
  }
}
