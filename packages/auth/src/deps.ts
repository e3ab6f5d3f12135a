import type { Database } from './db/database.js'
import type { AuthLog } from './log.js'
import type { Mailer } from './mailer.js'

/**
 * What every domain module of the auth server works with: the database, mail, keys, clock and
 * log. `createAuthServer` builds one per server; each domain function takes it first (like a
 * config), so the modules share no state of their own.
 */
export interface AuthDeps {
  database(): Promise<Database>
  mailer: Mailer
  /** Signs session tokens and keys stored code hashes and rate-limit keys. */
  secret: Uint8Array
  /** AES-256 key sealing the recovery shares at rest (see `recoveryKeyFrom`). */
  recoveryKey: Uint8Array
  /** Clock in ms: every time the server writes or compares comes from here. */
  now(): number
  /** Base URL written into device approval links. */
  publicUrl(): string
  appName: string
  sessionTtlMs: number
  log: AuthLog
}

/** Who is asking: the project and page origin already checked by the HTTP layer, and the device. */
export interface RequestContext {
  projectId: string
  /** The page origin the request was made for, as checked against the project's allow-list. */
  origin: string
  /** SHA-256 of the device id the secure frame sent. */
  deviceHash: string
}

/** ISO text of a database time. */
export const iso = (value: Date | string) => new Date(value).toISOString()
