import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './db/database.js'

// `migrations/` sits beside `src/` and `dist/`, so the same relative path works from the sources
// and from the build.
const migrationsDir = fileURLToPath(new URL('../migrations/', import.meta.url))

// Any constant: servers starting together on one database take turns migrating.
const MIGRATION_LOCK = 7_420_157

/**
 * The SQL migrations shipped with the package, in the order they apply.
 *
 * @example
 * ```ts
 * for (const { name, sql } of listMigrations()) console.log(name, sql.length)
 * ```
 */
export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${migrationsDir}${name}`, 'utf8') }))
}

/**
 * Applies the migrations not applied yet, all in one transaction (one that fails leaves the
 * database as it was), under an advisory lock so that several servers starting at once on one
 * Postgres do not race. Returns the names applied.
 *
 * @example
 * ```ts
 * const applied = await migrate(db) // ['0001_init.sql'] on a new database, [] afterwards
 * ```
 */
export async function migrate(db: Database, now: () => number = Date.now): Promise<string[]> {
  const applied: string[] = []
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS portico_auth_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)',
    )
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM portico_auth_migrations')
    const done = new Set(rows.map((r) => r.name))
    for (const { name, sql } of listMigrations()) {
      if (done.has(name)) continue
      await tx.exec(sql)
      await tx.query('INSERT INTO portico_auth_migrations (name, applied_at) VALUES ($1, $2)', [name, new Date(now())])
      applied.push(name)
    }
  })
  return applied
}
