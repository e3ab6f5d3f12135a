import { atom } from 'jotai/vanilla'
import * as z from 'zod/mini'
import { disconnect } from '../../kernel/actions/disconnect.js'
import { disconnectTimeoutMs, reconnectDiscoveryTimeoutMs } from '../../kernel/defaults.js'
import { BaseError } from '../../kernel/errors/base.js'
import {
  ConnectionRejectedError,
  ConnectorNotFoundError,
  FailedToConnectError,
  FailedToDisconnectError,
} from '../../kernel/errors/connection.js'
import { isUserRejection } from '../../kernel/errors/isUserRejection.js'
import { NetworkNotFoundError } from '../../kernel/errors/network.js'
import { defineFeatureState, featureState } from '../../kernel/featureState.js'
import type { Portico } from '../../kernel/portico.js'
import { accountsAtom, activeNetworksAtom, featuresAtom } from '../../kernel/state/atoms.js'
import { applyConnection, listenToWallet } from '../../kernel/state/connection.js'
import { startDiscovery } from '../../kernel/state/discovery.js'
import { findConnector, watchRegistry } from '../../kernel/state/registry.js'
import type {
  AccountState,
  Connection,
  Connector,
  ConnectorConnection,
  ConnectorEvent,
  PorticoNetwork,
} from '../../kernel/types.js'
import { type ChainNamespace, chainNamespaces } from '../../kernel/utils/caip.js'
import { isSafeImageUrl } from '../../kernel/utils/imageUrl.js'
import { isConnectorStatus } from './errors.js'

// The list of wallet connections follows the kernel's connection state: whichever wallet the
// kernel holds on a namespace is that namespace's `active` one, a wallet it replaced stays
// `connected` (its site permission is untouched, so switching back asks nothing). The active
// wallet disconnecting (the user, or the wallet ending its session) leaves the list and the next
// connected one takes over, as in wagmi. A wallet in the background is followed here (the kernel
// follows only the active one): one that ends its session, or could not be restored on reload,
// stays `disconnected`, to be reconnected through its own connector.

/**
 * @internal Every wallet connection of the instance (the atom's value lives in the instance's
 * store, like the kernel's). With `multiWallet` off it holds the active connections only.
 */
export const connectionsAtom = atom<readonly Connection[]>([])

/**
 * @internal The list as its readers get it: the active connection of each namespace first (the
 * wallet in use heads the list), then the others in the order they were made. Derived, so it is
 * the same array until the list changes; the stored list keeps the order they were made.
 */
export const orderedConnectionsAtom = atom((get) => {
  const list = get(connectionsAtom)
  return [...list.filter((c) => c.status === 'active'), ...list.filter((c) => c.status !== 'active')]
})

/** Persisted key under the instance's storage prefix (`@portico/connections`). */
export const connectionsStorageKey = 'connections'

const entrySchema = () =>
  z.object({
    namespace: z.enum(chainNamespaces),
    connectorId: z.string().check(z.minLength(1), z.maxLength(256)),
    accounts: z.array(z.string().check(z.regex(/^[-.%a-zA-Z0-9]{1,128}$/))).check(z.maxLength(100)),
    authName: z.optional(z.string().check(z.maxLength(256))),
    authProvider: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,32}$/))),
    name: z.string().check(z.minLength(1), z.maxLength(256)),
    icon: z.optional(z.string().check(z.maxLength(100_000))),
    status: z.string(),
  })

type WalletsState = {
  started: boolean
  /** Whether the 'Multi-Wallet Not Enabled' alert was shown (once per instance). */
  alerted: boolean
  /** The wallet events of each connection in the background, by {@link keyOf} (see {@link followBackground}). */
  followed: Map<string, () => void>
  /** The stored connections not followed until the wallet is asked whether it still authorises the site (see {@link restoreOthers}). */
  unconfirmed: Set<string>
}

const walletsState = defineFeatureState<WalletsState>('wallets', () => ({
  started: false,
  alerted: false,
  followed: new Map(),
  unconfirmed: new Set(),
}))

/** @internal The feature's per-instance state. */
export function getWalletsState(portico: Portico): WalletsState {
  return featureState(portico, walletsState)
}

/** @internal Whether several wallets per namespace are on (the local option, overridden by the remote configuration). */
export function isMultiWalletEnabled(portico: Portico): boolean {
  return portico.store.get(featuresAtom)?.multiWallet === true
}

/**
 * @internal
 * Starts following the kernel's connections (once per instance): restores the stored list, keeps
 * it in step with the kernel and persists it, and silently asks each stored wallet that is not the
 * active one whether it still authorises the site.
 *
 * @example
 * startConnections(portico) // with the instance (local flag on), or by the first reader: getConnections, watchConnections, useConnections
 */
export function startConnections(portico: Portico): void {
  const state = getWalletsState(portico)
  if (state.started) return
  state.started = true
  portico._internal.disconnectConnection = (connection) => disconnectConnection(portico, connection)
  const { store } = portico
  if (isMultiWalletEnabled(portico)) {
    const stored = readStoredConnections(portico)
    for (const connection of stored) if (connection.status === 'connected') state.unconfirmed.add(keyOf(connection))
    if (stored.length) store.set(connectionsAtom, stored)
  }
  let previous = store.get(accountsAtom)
  sync(portico, {})
  store.sub(accountsAtom, () => {
    const before = previous
    previous = store.get(accountsAtom)
    sync(portico, before)
  })
  store.sub(connectionsAtom, () => {
    persist(portico)
    followBackground(portico)
  })
  store.sub(featuresAtom, () => sync(portico, store.get(accountsAtom)))
  // A stored wallet's connector may be discovered after the list is restored.
  watchRegistry(portico, () => followBackground(portico))
  persist(portico)
  followBackground(portico)
  void restoreOthers(portico)
}

const keyOf = (connection: Connection) => `${connection.namespace} ${connection.connectorId}`

/**
 * Listens to the wallet events of each connection in the background (`connected`) through its own
 * connector, and stops when it is active (the kernel follows it then), disconnected or gone. A
 * wallet that ends its session there (or has no account left for the site) is marked
 * `disconnected` at once, as a reload would find it; a new account list replaces the old one. A
 * stored one is followed once its wallet said it still authorises the site: listening starts
 * nothing of a wallet (its chunk, its frame) that the page would not have asked anyway.
 */
function followBackground(portico: Portico) {
  const { followed, unconfirmed } = getWalletsState(portico)
  const keep = new Set<string>()
  for (const connection of portico.store.get(connectionsAtom)) {
    const key = keyOf(connection)
    if (connection.status !== 'connected' || unconfirmed.has(key)) continue
    keep.add(key)
    if (followed.has(key)) continue
    const connector = findConnector(portico, connection.namespace, connection.connectorId)
    if (connector)
      followed.set(
        key,
        listenToWallet(connector, connection.namespace, (event) => onBackgroundEvent(portico, connection, event)),
      )
  }
  for (const [key, unsubscribe] of followed)
    if (!keep.has(key)) {
      followed.delete(key)
      unsubscribe()
    }
}

function onBackgroundEvent(portico: Portico, connection: Connection, event: ConnectorEvent) {
  const current = portico.store.get(connectionsAtom).find((c) => sameConnection(c, connection))
  if (current?.status !== 'connected') return
  if (event.type === 'disconnect' || (event.type === 'accountsChanged' && !event.accounts.length))
    updateConnection(portico, connection, { status: 'disconnected' })
  else if (event.type === 'accountsChanged') updateConnection(portico, connection, { accounts: event.accounts })
}

/** Reads the stored list; each entry that is not a connection is dropped with a warning. */
export function readStoredConnections(portico: Portico): Connection[] {
  const raw = portico.storage.get(connectionsStorageKey, () => z.array(z.unknown()).check(z.maxLength(100)))
  const connections: Connection[] = []
  for (const item of raw ?? []) {
    const parsed = entrySchema().safeParse(item)
    if (!parsed.success || !isConnectorStatus(parsed.data.status)) {
      const why = parsed.success ? 'Invalid connection status' : 'it does not have the expected shape'
      console.warn(`[portico] Ignored a stored wallet connection: ${why}.`)
      continue
    }
    const { icon, authName, authProvider, ...rest } = parsed.data
    const connection: Connection = { ...rest, status: parsed.data.status }
    if (isSafeImageUrl(icon)) connection.icon = icon
    if (authName) connection.authName = authName
    if (authName && authProvider) connection.authProvider = authProvider
    if (!connections.some((c) => sameConnection(c, connection))) connections.push(connection)
  }
  return connections
}

function persist(portico: Portico) {
  if (!isMultiWalletEnabled(portico)) return
  const list = portico.store.get(connectionsAtom)
  if (list.length) portico.storage.set(connectionsStorageKey, list)
  else portico.storage.remove(connectionsStorageKey)
}

/** @internal The same wallet on the same namespace. */
export function sameConnection(a: Pick<Connection, 'namespace' | 'connectorId'>, b: typeof a): boolean {
  return a.namespace === b.namespace && a.connectorId === b.connectorId
}

function connectionOf(account: AccountState & { connectorId: string }): Connection {
  const info = account.connectedWalletInfo
  const connection: Connection = {
    namespace: account.namespace,
    connectorId: account.connectorId,
    accounts: account.addresses?.length ? account.addresses : account.address ? [account.address] : [],
    name: info?.name || account.connector?.name || account.connectorId,
    status: 'active',
  }
  const icon = info?.icon ?? account.connector?.imageUrl
  if (isSafeImageUrl(icon)) connection.icon = icon
  const authName = authNameOf(account)
  if (authName) {
    connection.authName = authName
    connection.authProvider = account.socialProvider || 'email'
  }
  return connection
}

/** The login behind an embedded wallet, as its connector reports the user: the email, else the provider's username. */
function authNameOf(account: AccountState): string | undefined {
  const user = account.user as { email?: unknown; userName?: unknown; username?: unknown } | null | undefined
  if (typeof user?.email === 'string' && user.email) return user.email
  if (typeof user?.userName === 'string' && user.userName) return user.userName
  if (typeof user?.username === 'string' && user.username) return user.username
  return undefined
}

/** Moves the list one step after the kernel's connection state changed from `before`. */
function sync(portico: Portico, before: Partial<Record<ChainNamespace, AccountState>>) {
  const { store } = portico
  const enabled = isMultiWalletEnabled(portico)
  const accounts = store.get(accountsAtom)
  let list = [...store.get(connectionsAtom)]
  const activate: ChainNamespace[] = []
  for (const namespace of new Set([...Object.keys(accounts), ...Object.keys(before)]) as Set<ChainNamespace>) {
    const account = accounts[namespace]
    if (account?.status === 'connected' && account.connectorId) {
      const active = connectionOf(account as AccountState & { connectorId: string })
      list = list
        .filter((c) => enabled || c.namespace !== namespace || sameConnection(c, active))
        .map((c) =>
          c.namespace === namespace && c.status === 'active' && !sameConnection(c, active)
            ? { ...c, status: 'connected' }
            : c,
        )
      const index = list.findIndex((c) => sameConnection(c, active))
      if (index === -1) list.push(active)
      else list[index] = active
    } else if (account?.status === 'disconnected' || !account) {
      const wasActive = list.find((c) => c.namespace === namespace && c.status === 'active')
      const disconnected = before[namespace]?.status === 'connected'
      list = list
        .filter((c) => (enabled || c.namespace !== namespace) && !(disconnected && c === wasActive))
        .map((c) => (c === wasActive ? { ...c, status: 'disconnected' } : c))
      if (enabled && disconnected) activate.push(namespace)
    }
  }
  if (!enabled) list = list.filter((c) => c.status === 'active')
  if (!sameList(list, store.get(connectionsAtom))) store.set(connectionsAtom, list)
  for (const namespace of activate) {
    const next = store.get(connectionsAtom).find((c) => c.namespace === namespace && c.status === 'connected')
    if (next)
      activateConnection(portico, next).catch((error: unknown) =>
        console.warn(`[portico] Could not switch to ${next.name}`, error),
      )
  }
}

function sameList(a: readonly Connection[], b: readonly Connection[]) {
  return (
    a.length === b.length &&
    a.every((c, i) => {
      const d = b[i] as Connection
      return (
        sameConnection(c, d) &&
        c.status === d.status &&
        c.name === d.name &&
        c.icon === d.icon &&
        c.authName === d.authName &&
        c.authProvider === d.authProvider &&
        c.accounts.join() === d.accounts.join()
      )
    })
  )
}

/** @internal Replaces one connection of the list (matched by namespace and connector id). */
export function updateConnection(portico: Portico, connection: Connection, update: Partial<Connection>) {
  const list = portico.store.get(connectionsAtom)
  if (!list.some((c) => sameConnection(c, connection))) return
  portico.store.set(
    connectionsAtom,
    list.map((c) => (sameConnection(c, connection) ? { ...c, ...update } : c)),
  )
}

/** @internal The network a wallet of `namespace` is asked on: the selected one, else the first configured. */
export function networksFor(
  portico: Portico,
  namespace: ChainNamespace,
): Partial<Record<ChainNamespace, PorticoNetwork>> {
  const selected = portico.store.get(activeNetworksAtom)[namespace]
  const network =
    (selected && !selected.unsupported ? selected : undefined) ??
    portico.networks.find((n) => n.chainNamespace === namespace)
  return network ? { [namespace]: network } : {}
}

/** @internal The connector of a connection, once discovery lists it (or `undefined` after a short wait). */
export function waitForConnector(portico: Portico, connection: Connection): Promise<Connector | undefined> {
  const find = () => findConnector(portico, connection.namespace, connection.connectorId)
  const found = find()
  if (found) return Promise.resolve(found)
  const release = startDiscovery(portico)
  return new Promise<Connector | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), reconnectDiscoveryTimeoutMs)
    const unsubscribe = watchRegistry(portico, () => {
      const connector = find()
      if (connector) finish(connector)
    })
    function finish(connector: Connector | undefined) {
      clearTimeout(timer)
      unsubscribe()
      release()
      resolve(connector)
    }
  })
}

/**
 * Asks each stored wallet that is not the active one, without a prompt, whether it still
 * authorises the site: its accounts are refreshed, or it is marked disconnected.
 */
async function restoreOthers(portico: Portico) {
  const others = portico.store.get(connectionsAtom).filter((c) => c.status === 'connected')
  await Promise.all(
    others.map(async (connection) => {
      const connector = await waitForConnector(portico, connection)
      let accounts: readonly string[] = []
      try {
        if (connector) {
          const connections = await connector.reconnect({ networks: networksFor(portico, connection.namespace) })
          accounts = connections.find((c) => c.namespace === connection.namespace)?.accounts ?? []
        }
      } catch (error) {
        console.warn(`[portico] Could not restore ${connection.name}`, error)
      }
      getWalletsState(portico).unconfirmed.delete(keyOf(connection))
      const current = portico.store.get(connectionsAtom).find((c) => sameConnection(c, connection))
      // The user (or the kernel) moved it meanwhile: that is the newer truth.
      if (current?.status === 'connected')
        updateConnection(portico, connection, accounts.length ? { accounts } : { status: 'disconnected' })
      followBackground(portico)
    }),
  )
  // The stored active wallet could not be restored while the others were being asked: the first
  // one that answered takes over its namespace.
  await portico._internal.reconnecting
  const accounts = portico.store.get(accountsAtom)
  for (const namespace of new Set(others.map((c) => c.namespace))) {
    if (accounts[namespace]?.status && accounts[namespace]?.status !== 'disconnected') continue
    const next = portico.store.get(connectionsAtom).find((c) => c.namespace === namespace && c.status === 'connected')
    if (next) await activateConnection(portico, next).catch(() => {})
  }
}

/**
 * @internal
 * Makes `connection` the active wallet of its namespace through its own connector: silently when it
 * is still connected, with the wallet's prompt when it was disconnected. Every hook then follows it.
 */
export async function activateConnection(portico: Portico, connection: Connection): Promise<Connection> {
  const { namespace } = connection
  const connector = await waitForConnector(portico, connection)
  if (!connector) throw new ConnectorNotFoundError({ connectorId: connection.connectorId })
  const networks = networksFor(portico, namespace)
  const fallbackNetwork = networks[namespace]
  if (!fallbackNetwork) throw new NetworkNotFoundError()
  let connections: readonly ConnectorConnection[]
  try {
    connections =
      connection.status === 'disconnected'
        ? await connector.connect({ networks })
        : await connector.reconnect({ networks })
  } catch (error) {
    if (error instanceof BaseError) throw error
    if (isUserRejection(error)) throw new ConnectionRejectedError({ cause: error })
    throw new FailedToConnectError({ cause: error })
  }
  const approved = connections.find((c) => c.namespace === namespace && c.accounts.length > 0)
  if (!approved) {
    updateConnection(portico, connection, { status: 'disconnected' })
    throw new FailedToConnectError({ cause: new Error(`${connection.name} no longer authorises this site`) })
  }
  applyConnection(portico, { connector, connection: approved, fallbackNetwork, recent: false })
  return portico.store.get(connectionsAtom).find((c) => sameConnection(c, connection)) ?? connection
}

/**
 * @internal
 * `disconnect(portico, { connection })`, which the kernel hands here: the wallet leaves the list;
 * the active one is disconnected as its namespace (the next connected wallet then takes over),
 * another one ends its session unless it is active on another namespace.
 */
export async function disconnectConnection(portico: Portico, connection: Connection): Promise<void> {
  const { store } = portico
  store.set(
    connectionsAtom,
    store.get(connectionsAtom).filter((c) => !sameConnection(c, connection)),
  )
  const accounts = Object.values(store.get(accountsAtom))
  const active = store.get(accountsAtom)[connection.namespace]
  if (active?.status !== 'disconnected' && active?.connectorId === connection.connectorId)
    return disconnect(portico, { namespace: connection.namespace })
  const connector = findConnector(portico, connection.namespace, connection.connectorId)
  if (!connector || accounts.some((a) => a?.status === 'connected' && a.connector === connector)) return
  try {
    await Promise.race([
      connector.disconnect(),
      new Promise<void>((resolve) => setTimeout(resolve, disconnectTimeoutMs)),
    ])
  } catch (error) {
    throw new FailedToDisconnectError({ cause: error })
  }
}
