import { disconnectTimeoutMs } from '../defaults.js'
import { FailedToDisconnectError, type FailedToDisconnectErrorType } from '../errors/connection.js'
import type { Portico } from '../portico.js'
import { accountsAtom } from '../state/atoms.js'
import { resetAccount } from '../state/connection.js'
import type { AccountState, Connection, Connector } from '../types.js'
import type { ChainNamespace } from '../utils/caip.js'

export type DisconnectParameters = {
  /** Only this namespace. Default: every namespace that is connected or connecting. */
  namespace?: ChainNamespace | undefined
  /**
   * Only this wallet (one of `getConnections` from `@portico/headless/wallets`): the others stay
   * connected. When it is the active one, the next connected wallet of its namespace takes over.
   */
  connection?: Connection | undefined
}
export type DisconnectErrorType = FailedToDisconnectErrorType

/**
 * Disconnects: asks each wallet to forget the site (waiting at most 3 s, the spec), then
 * resets account, network, connector and user state and forgets the persisted connector.
 * Local state is always reset, even when a wallet fails; the failure is then reported as
 * {@link FailedToDisconnectError} naming the namespaces whose wallet failed.
 *
 * @example
 * await disconnect(portico) // everything
 * await disconnect(portico, { namespace: 'solana' })
 * await disconnect(portico, { connection }) // one wallet of several (multi-wallet)
 */
export async function disconnect(
  portico: Portico,
  { namespace, connection }: DisconnectParameters = {},
): Promise<void> {
  // One wallet of several: the multi-wallet list (started by whoever read it) ends it.
  if (connection) {
    const end = portico._internal.disconnectConnection
    // A connection handed in before the list ever started (it was not read from it): say so
    // rather than return as if the wallet had been disconnected.
    if (!end) throw new FailedToDisconnectError()
    return end(connection)
  }
  const accounts = Object.values(portico.store.get(accountsAtom)).filter(
    (a): a is AccountState => a !== undefined && a.status !== 'disconnected',
  )
  const namespaces = namespace ? [namespace] : accounts.map((a) => a.namespace)
  // A connector that connected several namespaces in one approval (one WalletConnect session)
  // ends its session only when every namespace it holds is being disconnected, and then once.
  const sessions = new Map<Connector, ChainNamespace[]>()
  for (const account of accounts)
    if (account.connector)
      sessions.set(account.connector, [...(sessions.get(account.connector) ?? []), account.namespace])
  const ending = [...sessions].filter(([, held]) => held.every((ns) => namespaces.includes(ns)))
  const failed: { namespace: ChainNamespace; error: unknown }[] = []

  await Promise.all(
    ending.map(async ([connector, held]) => {
      try {
        await withTimeout(connector.disconnect(), disconnectTimeoutMs)
      } catch (error) {
        for (const ns of held) if (namespaces.includes(ns)) failed.push({ namespace: ns, error })
      }
    }),
  )
  for (const ns of namespaces) resetAccount(portico, ns)
  if (failed.length)
    throw new FailedToDisconnectError({
      namespaces: namespace ? undefined : [...new Set(failed.map((f) => f.namespace))],
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
