import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
  /**
   * A file caching a freshly initialised database (a PGlite dump). A new data folder starts from
   * it instead of running initdb (about a second instead of several); when the file is missing,
   * the first new database writes it. For development and tests: whoever can write the file
   * decides what every new database starts with, so never point it at a shared folder in production.
   */
  template?: string
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
export async function openPglite({ dataDir, template }: PgliteOptions): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const isNew = inMemory || !existsSync(join(dataDir, 'PG_VERSION'))
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const seed = isNew && template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined
  const pg = await PGlite.create(dataDir, seed ? { loadDataDir: seed } : {})
  if (isNew && template && !seed) {
    // Written aside and renamed: processes initialising at the same time never read half a file.
    const dump = await pg.dumpDataDir('gzip')
    const partial = `${template}.${process.pid}.partial`
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    renameSync(partial, template)
  }
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

/**
 * A per-user template file in the system temp folder for {@link PgliteOptions.template}, named
 * after the installed PGlite build (a new PGlite version gets a new template). For development
 * and tests only.
 *
 * @example
 * ```ts
 * const db = await openPglite({ dataDir: mkdtempSync(join(tmpdir(), 'auth-')), template: pgliteTemplatePath() })
 * ```
 */
export function pgliteTemplatePath(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const { size, mtimeMs } = statSync(entry)
  const build = createHash('sha256').update(`${entry}:${size}:${mtimeMs}`).digest('hex').slice(0, 16)
  return join(tmpdir(), `portico-auth-pglite-${process.getuid?.() ?? 'user'}-${build}.tar.gz`)
}
