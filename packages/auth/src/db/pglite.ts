import { mkdirSync } from 'node:fs'
import type { Database, Sql } from './database.js'

/**
 * Options of {@link openPglite}.
 *
 * @example
 * ```ts
 * const options: PgliteOptions = { dataDir: './portico-auth-data' }
 * ```
 */
export interface PgliteOptions {
  /** Folder holding the database (created if missing), or `'memory://'` for a throw-away database. */
  dataDir: string
}

/**
 * Opens the embedded Postgres (PGlite, Postgres compiled to WebAssembly): no server to run, the
 * data lives in a folder. The first start of a new folder runs initdb (a few seconds), so the
 * module is imported only here, when a database is really needed.
 *
 * @example
 * ```ts
 * const db = await openPglite({ dataDir: './portico-auth-data' })
 * ```
 */
export async function openPglite({ dataDir }: PgliteOptions): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const pg = await PGlite.create(dataDir)
  const wrap = (target: Pick<typeof pg, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params?: unknown[]) {
      const result = await target.query<T>(text, params)
      return { rows: result.rows }
    },
    async exec(text: string) {
      await target.exec(text)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
}
