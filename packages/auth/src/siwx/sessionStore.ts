import type { CaipNetworkId } from '@portico/headless/core'
import type { SiwxMessage } from '@portico/headless/siwx'

/** A verified sign-in as the server keeps it. */
export type SiwxSessionRecord = {
  /** Random id of this session. */
  id: string
  /** The browser (cookie) the session belongs to; one browser can hold several sessions. */
  ownerId: string
  chainId: CaipNetworkId
  /** As in the message (EIP-55 checksummed on eip155). */
  address: string
  /** The exact signed text. */
  message: string
  signature: string
  data: SiwxMessage
  /** ms since the epoch. */
  createdAt: number
  /** ms since the epoch; after it the session is gone. */
  expiresAt: number
}

/** Which sessions an operation is about: one browser's, narrowed by network and address. */
export type SiwxSessionFilter = {
  ownerId: string
  chainId?: CaipNetworkId | undefined
  address?: string | undefined
}

/**
 * Where the verifier keeps sessions. Implementations compare addresses exactly; the handlers
 * normalise them first (EIP-55 on eip155).
 *
 * A database implementation:
 * ```sql
 * create table siwx_sessions (
 *   id         text primary key,
 *   owner_id   text not null,
 *   chain_id   text not null,
 *   address    text not null,
 *   message    text not null,
 *   signature  text not null,
 *   data       jsonb not null,
 *   created_at timestamptz not null,
 *   expires_at timestamptz not null
 * );
 * create index on siwx_sessions (owner_id, chain_id, address);
 * -- list:   select … where owner_id = $1 [and chain_id = $2] [and address = $3] and expires_at > now()
 * -- revoke: delete … where owner_id = $1 [and chain_id = $2] [and address = $3]
 * ```
 */
export type SiwxSessionStore = {
  add(record: SiwxSessionRecord): Promise<void>
  /** Unexpired sessions matching the filter, oldest first. */
  list(filter: SiwxSessionFilter): Promise<SiwxSessionRecord[]>
  /** Deletes the matching sessions; returns how many there were. */
  revoke(filter: SiwxSessionFilter): Promise<number>
}

export type MemorySessionStoreOptions = {
  /** Clock, in ms since the epoch (tests pass their own). */
  now?: (() => number) | undefined
}

/**
 * A session store in process memory: sessions vanish when the process ends. Fine for one
 * process and for tests; use a database (see {@link SiwxSessionStore}) otherwise.
 *
 * @example
 * const sessions = createMemorySessionStore()
 */
export function createMemorySessionStore({ now = Date.now }: MemorySessionStoreOptions = {}): SiwxSessionStore {
  let records: SiwxSessionRecord[] = []
  const matches = (record: SiwxSessionRecord, filter: SiwxSessionFilter) =>
    record.ownerId === filter.ownerId &&
    (filter.chainId === undefined || record.chainId === filter.chainId) &&
    (filter.address === undefined || record.address === filter.address)
  return {
    async add(record) {
      const time = now()
      records = records.filter((r) => r.expiresAt > time)
      records.push(record)
    },
    async list(filter) {
      const time = now()
      return records.filter((r) => r.expiresAt > time && matches(r, filter))
    },
    async revoke(filter) {
      const before = records.length
      records = records.filter((r) => !matches(r, filter))
      return before - records.length
    },
  }
}
