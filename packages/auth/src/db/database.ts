/**
 * What the auth server needs from Postgres: parameterised queries (`$1`, `$2`, …), multi-statement
 * scripts for migrations, and transactions. PGlite and node-postgres both fit behind it, so the
 * same SQL runs on the embedded database and on a Postgres server.
 *
 * @example
 * ```ts
 * const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
 * ```
 */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs a script of several statements (no parameters). */
  exec(text: string): Promise<void>
}

/**
 * A connected database (see `openPglite` and `openPostgres`).
 *
 * @example
 * ```ts
 * const db: Database = await openPglite({ dataDir: './auth-data' })
 * await db.transaction(async (tx) => tx.query('SELECT 1'))
 * await db.close()
 * ```
 */
export interface Database extends Sql {
  /** `'pglite'` or `'postgres'`, for logs. */
  kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}
