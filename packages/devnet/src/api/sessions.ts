/**
 * The smart sessions the hosted session service keeps, per account (CAIP-10, EVM addresses
 * compared lower case), kept per running emulator. A session is added from Node
 * (`api.sessions.add`) or over the devnet's control route (`POST /__devnet/sessions/{account}`),
 * as a wallet that registers its grants with the service would; `GET /v1/sessions/{account}`
 * lists them and `POST /v1/sessions/{account}/revoke` revokes one when the account signed its pci.
 */
import { randomBytes } from 'node:crypto'

/** One permission of a session, as ERC-7715 writes it. */
export interface SessionPermission {
  type: string
  data: Record<string, unknown>
}

/**
 * A session as the service answers it (`GET /v1/sessions/{account}` → `{ pcis: StoredSession[] }`).
 *
 * @example
 * ```ts
 * const session: StoredSession = api.sessions.list('eip155:31337:0xf39F…')[0]
 * session.revokedAt // undefined until revoked
 * ```
 */
export interface StoredSession {
  /** The permissions context id (hex, 32 random bytes). */
  pci: string
  /** Numeric chain id (from the account's CAIP-10 id). */
  chainId: number
  /** Unix seconds. */
  expiry: number
  /** Unix seconds. */
  createdAt: number
  permissions: SessionPermission[]
  /** The project the session was granted to. */
  project: { id: string; name: string }
  /** Unix seconds, once revoked. */
  revokedAt?: number
}

/** What a new session needs; the pci, chain and creation time are the service's. */
export interface NewSession {
  expiry: number
  permissions: SessionPermission[]
  project?: { id: string; name: string } | undefined
}

/** A CAIP-10 EVM account: `eip155:{chainId}:{address}`. */
export const CAIP10_EVM = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/

/**
 * The sessions of one emulator.
 *
 * @example
 * ```ts
 * const { pci } = api.sessions.add('eip155:31337:0xf39F…', { expiry, permissions })
 * ```
 */
export interface SessionStore {
  /** Every session of `account` (revoked ones too, with `revokedAt`), oldest first. */
  list(account: string): StoredSession[]
  /** Adds a session; throws on an account that is not CAIP-10 eip155. */
  add(account: string, session: NewSession): StoredSession
  /** Marks a session revoked: `false` when `account` has no session `pci` (or it was revoked before). */
  revoke(account: string, pci: string, at: number): boolean
}

const keyOf = (account: string) => {
  const match = CAIP10_EVM.exec(account)
  if (!match) throw new Error(`Not a CAIP-10 eip155 account: ${account}`)
  return { key: `eip155:${match[1]}:${(match[2] ?? '').toLowerCase()}`, chainId: Number(match[1]) }
}

/** @internal An empty store, for one emulator. */
export function createSessionStore(): SessionStore {
  const sessions = new Map<string, StoredSession[]>()
  return {
    list: (account) => (sessions.get(keyOf(account).key) ?? []).map((s) => structuredClone(s)),
    add(account, session) {
      const { key, chainId } = keyOf(account)
      const stored: StoredSession = {
        pci: `0x${randomBytes(32).toString('hex')}`,
        chainId,
        expiry: session.expiry,
        createdAt: Math.floor(Date.now() / 1000),
        permissions: structuredClone(session.permissions),
        project: session.project ?? { id: 'devnet', name: 'Portico Devnet' },
      }
      sessions.set(key, [...(sessions.get(key) ?? []), stored])
      return structuredClone(stored)
    },
    revoke(account, pci, at) {
      const found = sessions.get(keyOf(account).key)?.find((s) => s.pci.toLowerCase() === pci.toLowerCase())
      if (!found || found.revokedAt !== undefined) return false
      found.revokedAt = at
      return true
    },
  }
}
