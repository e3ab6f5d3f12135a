import pg from 'pg'
import type { Database, Sql } from './database.js'

/**
 * Options of {@link openPostgres}.
 *
 * @example
 * ```ts
 * const options: PostgresOptions = { url: process.env.DATABASE_URL!, maxConnections: 10 }
 * ```
 */
export interface PostgresOptions {
  /** A libpq connection URL, e.g. `postgres://auth:secret@db.internal:5432/portico_auth`. */
  url: string
  /** Pool size (default 10). */
  maxConnections?: number
}

/**
 * Connects to a Postgres server through a node-postgres pool. Several auth servers may share one
 * database: every rule that must hold across servers (single-use codes, the email cooldown) is
 * one atomic statement.
 *
 * @example
 * ```ts
 * const db = await openPostgres({ url: 'postgres://portico@127.0.0.1:5432/portico' })
 * ```
 */
export async function openPostgres({ url, maxConnections = 10 }: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections })
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  const wrap = (target: pg.Pool | pg.PoolClient): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      const result = await target.query(text, params)
      return { rows: result.rows as T[] }
    },
    async exec(text: string) {
      await target.query(text)
    },
  })
  // Fail at start-up, not at the first visitor, when the URL is wrong.
  await pool.query('SELECT 1')
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
