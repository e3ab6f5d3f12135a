import { disconnectTimeoutMs } from '../defaults.js'
import { FailedToDisconnectError, type FailedToDisconnectErrorType } from '../errors/connection.js'
import type { Portico } from '../portico.js'
import { accountsAtom, connectionsAtom } from '../state/atoms.js'
import { resetAccount } from '../state/connection.js'
import { findConnector } from '../state/registry.js'
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
export async function disconnect(portico: Portico, parameters: DisconnectParameters = {}): Promise<void> {
  const { connection } = parameters
  const accounts = Object.values(portico.store.get(accountsAtom)).filter(
    (a): a is AccountState => a !== undefined && a.status !== 'disconnected',
  )
  const namespace = connection?.namespace ?? parameters.namespace
  const namespaces = namespace ? [namespace] : accounts.map((a) => a.namespace)
  // The user ends these connections: they leave the multi-wallet list rather than stay there as
  // 'disconnected' (what a wallet ending its session leaves).
  const ended = (c: Connection) =>
    connection
      ? c.namespace === connection.namespace && c.connectorId === connection.connectorId
      : namespaces.includes(c.namespace) && c.status === 'active'
  portico.store.set(
    connectionsAtom,
    portico.store.get(connectionsAtom).filter((c) => !ended(c)),
  )
  if (connection && accounts.find((a) => a.namespace === namespace)?.connectorId !== connection.connectorId)
    return disconnectInactive(portico, connection, accounts)
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

/** A wallet that is not the active one: its session ends unless it is active on another namespace. */
async function disconnectInactive(portico: Portico, connection: Connection, accounts: readonly AccountState[]) {
  const connector = findConnector(portico, connection.namespace, connection.connectorId)
  if (!connector || accounts.some((a) => a.connector === connector)) return
  try {
    await withTimeout(connector.disconnect(), disconnectTimeoutMs)
  } catch (error) {
    throw new FailedToDisconnectError({ cause: error })
  }
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
