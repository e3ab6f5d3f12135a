import type { Portico } from '../config/createPortico.js'
import { disconnectTimeoutMs } from '../config/defaults.js'
import { FailedToDisconnectError, type FailedToDisconnectErrorType } from '../errors/connection.js'
import { accountsAtom } from '../state/atoms.js'
import { adapterFor, findConnector, resetAccount } from '../state/connection.js'
import type { ChainNamespace } from '../utils/caip.js'
import { walletConnectConnectorId } from '../walletconnect/options.js'

export type DisconnectParameters = {
  /** Only this namespace. Default: every namespace that is connected or connecting. */
  namespace?: ChainNamespace | undefined
}
export type DisconnectErrorType = FailedToDisconnectErrorType

/**
 * Disconnects: asks each wallet to forget the site (waiting at most 3 s, spec section 4), then
 * resets account, network, connector and user state and forgets the persisted connector.
 * Local state is always reset, even when a wallet fails; the failure is then reported as
 * {@link FailedToDisconnectError} naming the namespaces whose wallet failed.
 *
 * @example
 * await disconnect(portico) // everything
 * await disconnect(portico, { namespace: 'solana' })
 */
export async function disconnect(portico: Portico, { namespace }: DisconnectParameters = {}): Promise<void> {
  const accounts = portico.store.get(accountsAtom)
  const namespaces = namespace
    ? [namespace]
    : (Object.values(accounts)
        .filter((a) => a && a.status !== 'disconnected')
        .map((a) => a?.namespace) as ChainNamespace[])
  const failed: { namespace: ChainNamespace; error: unknown }[] = []
  // One WalletConnect session serves several namespaces: it is deleted only when every namespace
  // it connects is being disconnected, and then once.
  const connectedOverWalletConnect = Object.values(accounts)
    .filter((a) => a && a.status !== 'disconnected' && a.connectorId === walletConnectConnectorId)
    .map((a) => a?.namespace)
  const endsWalletConnectSession = connectedOverWalletConnect.every((ns) => ns && namespaces.includes(ns))
  let walletConnectDisconnect: Promise<void> | undefined

  await Promise.all(
    namespaces.map(async (ns) => {
      const account = portico.store.get(accountsAtom)[ns]
      const connector = account?.connectorId ? findConnector(portico, ns, account.connectorId) : undefined
      const adapter = connector ? adapterFor(portico, connector) : undefined
      try {
        if (connector?.type === 'WALLET_CONNECT') {
          if (endsWalletConnectSession && adapter) {
            walletConnectDisconnect ??= adapter.disconnect({ connector })
            await withTimeout(walletConnectDisconnect, disconnectTimeoutMs)
          }
        } else if (adapter && connector) await withTimeout(adapter.disconnect({ connector }), disconnectTimeoutMs)
      } catch (error) {
        failed.push({ namespace: ns, error })
      } finally {
        resetAccount(portico, ns)
      }
    }),
  )
  if (failed.length)
    throw new FailedToDisconnectError({
      namespaces: namespace ? undefined : failed.map((f) => f.namespace),
      cause: failed[0]?.error,
    })
}

/** Resolves when `promise` settles or after `ms`, whichever is first; a wallet that hangs must not block disconnect. */
function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    promise.then(
      () => {
        clearTimeout(timer)
        resolve()
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}
