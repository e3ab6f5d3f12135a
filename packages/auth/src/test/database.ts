import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SESSION_TTL_MS } from '../constants.js'
import { recoveryKeyFrom } from '../crypto.js'
import type { Database } from '../db/database.js'
import { openPglite, pgliteDevOptions } from '../db/pglite.js'
import type { AuthDeps } from '../deps.js'
import { type AuthLogEntry, createLog } from '../log.js'
import type { Mailer } from '../mailer.js'
import { migrate } from '../migrate.js'

/**
 * A migrated PGlite database in a directory of its own, for one test file. Open it in `beforeAll`
 * and return its `close` there: Vitest runs it after the file's tests, closing the database and
 * removing the directory.
 *
 * @example
 * let db: Database
 * beforeAll(async () => {
 *   const opened = await openTestDatabase('devices')
 *   db = opened.db
 *   return opened.close
 * }, 120_000)
 */
export async function openTestDatabase(name: string): Promise<{ db: Database; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `portico-auth-${name}-`))
  const db = await openPglite(pgliteDevOptions(dataDir))
  await migrate(db)
  return {
    db,
    async close() {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The auth server's dependencies on `db`, as `createAuthServer` builds them, with a clock the test
 * moves (`clock.now`, ms; now by default), a mailer that sends nothing and a log that writes
 * nothing, unless given.
 *
 * @example
 * const { deps, clock } = testDeps(db, { mailer: { send: async (mail) => void mails.push(mail) } })
 * clock.now += OTP_TTL_MS
 */
export function testDeps(
  db: Database,
  options: {
    now?: number
    secret?: Uint8Array | string
    mailer?: Mailer
    publicUrl?: string
    log?: (entry: AuthLogEntry) => void
  } = {},
): { deps: AuthDeps; clock: { now: number } } {
  const clock = { now: options.now ?? Date.now() }
  const given = options.secret ?? 'a test secret of at least thirty-two bytes!'
  const secret = typeof given === 'string' ? new TextEncoder().encode(given) : given
  const deps: AuthDeps = {
    database: async () => db,
    mailer: options.mailer ?? { send: async () => {} },
    secret,
    recoveryKey: recoveryKeyFrom(undefined, secret),
    now: () => clock.now,
    publicUrl: () => options.publicUrl ?? 'http://127.0.0.1:8790',
    appName: 'Portico',
    sessionTtlMs: SESSION_TTL_MS,
    log: createLog(options.log ?? (() => {}), () => clock.now),
  }
  return { deps, clock }
}
