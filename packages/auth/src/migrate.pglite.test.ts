// migrate and listMigrations on PGlite: an empty database gets every shipped migration once, in
// order, stamped with the given clock; a second run (or a second of two at once) applies nothing; an
// up-to-date database is left as it is, data included; a database from a newer version (a
// migration this build does not ship) is neither touched nor refused; a migration that fails
// leaves nothing half-applied. A server's own start-up migration is in createAuthServer.pglite.test.ts.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Database } from './db/database.js'
import { openPglite, pgliteDevOptions } from './db/pglite.js'
import { listMigrations, migrate } from './migrate.js'

const root = mkdtempSync(join(tmpdir(), 'portico-auth-migrate-'))
const opened: Database[] = []
let next = 0

/** A fresh, empty database (a copy of PGlite's template: no schema of ours). */
async function emptyDatabase() {
  const db = await openPglite(pgliteDevOptions(join(root, `db-${next++}`)))
  opened.push(db)
  return db
}

afterAll(async () => {
  await Promise.allSettled(opened.map((db) => db.close()))
  rmSync(root, { recursive: true, force: true })
})

const tables = async (db: Database) =>
  (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).rows.map((r) => r.name)
const recorded = async (db: Database) =>
  (await db.query<{ name: string }>('SELECT name FROM portico_auth_migrations ORDER BY name')).rows.map((r) => r.name)

describe('listMigrations', () => {
  test('default: every .sql file of migrations/, numbered from 0001 without gaps, in order', () => {
    const list = listMigrations()
    const files = readdirSync(new URL('../migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'))
    expect(list.map((m) => m.name)).toEqual([...files].sort())
    list.forEach((m, i) => {
      expect(m.name).toMatch(new RegExp(`^${String(i + 1).padStart(4, '0')}_[\\w-]+\\.sql$`))
      expect(m.sql.trim().length).toBeGreaterThan(0)
    })
  })
})

describe('migrate', () => {
  test('behavior: an empty database gets every migration once, stamped with the given clock; a second run applies nothing', async () => {
    const db = await emptyDatabase()
    expect(await tables(db)).toEqual([])
    const at = Date.UTC(2030, 0, 2, 3, 4, 5)
    const names = listMigrations().map((m) => m.name)
    expect(await migrate(db, () => at)).toEqual(names)
    expect(await recorded(db)).toEqual(names)
    const stamps = await db.query<{ applied_at: Date }>('SELECT applied_at FROM portico_auth_migrations')
    for (const row of stamps.rows) expect(new Date(row.applied_at).getTime()).toBe(at)
    expect(await tables(db)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'key_shares', 'social_identities', 'passkeys', 'rate_limits']),
    )

    // Up to date: nothing applied, nothing re-stamped, the data kept.
    await db.query("INSERT INTO users (id, email, created_at) VALUES ('u1', 'kept@example.com', now())")
    const before = await tables(db)
    expect(await migrate(db, () => at + 1_000)).toEqual([])
    expect(await migrate(db)).toEqual([])
    expect(await tables(db)).toEqual(before)
    const again = await db.query<{ applied_at: Date }>('SELECT applied_at FROM portico_auth_migrations')
    for (const row of again.rows) expect(new Date(row.applied_at).getTime()).toBe(at)
    expect((await db.query('SELECT id FROM users')).rows).toEqual([{ id: 'u1' }])
  })

  test('edge: a database of a newer version (a migration this build does not know) is neither touched nor refused', async () => {
    const db = await emptyDatabase()
    await migrate(db)
    const future = '9999_from_a_newer_version.sql'
    await db.query('INSERT INTO portico_auth_migrations (name, applied_at) VALUES ($1, now())', [future])
    await db.exec('CREATE TABLE from_the_future (id int)')
    const before = await tables(db)
    expect(await migrate(db)).toEqual([])
    expect(await recorded(db)).toEqual([...listMigrations().map((m) => m.name), future].sort())
    expect(await tables(db)).toEqual(before)
  })

  test('error: a migration that fails rolls the whole run back; the next runs (two at once) apply each one once', async () => {
    const db = await emptyDatabase()
    // A table in the way of the last migration (it creates `passkeys`).
    await db.exec('CREATE TABLE passkeys (id int)')
    await expect(migrate(db)).rejects.toThrow(/passkeys/)
    expect(await tables(db)).toEqual(['passkeys'])
    // Once the obstacle is gone, two servers starting at once: one applies everything, the other nothing.
    await db.exec('DROP TABLE passkeys')
    const names = listMigrations().map((m) => m.name)
    const [a, b] = await Promise.all([migrate(db), migrate(db)])
    expect([a, b].sort((x, y) => x.length - y.length)).toEqual([[], names])
    expect(await recorded(db)).toEqual(names)
  })
})
