import { createHash, randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
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
   * A folder caching a freshly initialised database. A new data folder starts as a copy of it
   * instead of running initdb (well under a second instead of several); a `'memory://'` database
   * loads the dump kept beside it. When the folder is missing, the first new database makes it.
   * For development and tests: whoever can write the folder decides what every new database
   * starts with, so never point it at a shared folder in production.
   */
  template?: string
  /**
   * Postgres settings for this start, each passed as `-c name=value` (for instance
   * `{ shared_buffers: '16MB' }`: a small buffer pool starts faster, which suits a test or a
   * devnet's throw-away database). Unset, PGlite's defaults apply.
   */
  settings?: Record<string, string | number>
}

/** A template folder's two forms of the same fresh database: a data folder to copy, a dump to load. */
const templateData = (template: string) => join(template, 'data')
const templateDump = (template: string) => join(template, 'dump.tar.gz')

/**
 * Makes the template folder once: initdb in a folder of this process's own, then one rename, so
 * processes starting at the same time never read half a template (the loser of the race removes
 * its copy).
 */
async function ensureTemplate(create: (dataDir: string) => Promise<PGliteInstance>, template: string) {
  if (existsSync(join(templateData(template), 'PG_VERSION')) && existsSync(templateDump(template))) return
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}.partial`
  try {
    mkdirSync(templateData(partial), { recursive: true })
    const pg = await create(templateData(partial))
    const dump = await pg.dumpDataDir('gzip')
    writeFileSync(templateDump(partial), new Uint8Array(await dump.arrayBuffer()))
    await pg.close()
    renameSync(partial, template)
  } catch (error) {
    if (!existsSync(join(templateData(template), 'PG_VERSION'))) throw error
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
}

type PGliteInstance = Awaited<ReturnType<typeof import('@electric-sql/pglite').PGlite.create>>

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
export async function openPglite({ dataDir, template, settings }: PgliteOptions): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  const isNew = inMemory || !existsSync(join(dataDir, 'PG_VERSION'))
  const { PGlite } = await import('@electric-sql/pglite')
  const startParams = settings && [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]
  const create = (folder: string, more: { loadDataDir?: Blob } = {}) =>
    PGlite.create(folder, { ...more, ...(startParams ? { startParams } : {}) })
  let seed: { loadDataDir?: Blob } = {}
  if (isNew && template) {
    await ensureTemplate(create, template)
    // Copying the folder is several times cheaper than loading the dump (no gunzip, no untar
    // through the WebAssembly file system): about 0.4 s in place of 1.5 s on a 2-core machine.
    if (inMemory) seed = { loadDataDir: new Blob([readFileSync(templateDump(template))]) }
    else cpSync(templateData(template), dataDir, { recursive: true })
  }
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const pg = await create(dataDir, seed)
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
 * Options for a throw-away development or test database in `dataDir`: it starts from a per-user
 * template folder in the system temp folder (no initdb after the first), and with a 16 MB buffer
 * pool instead of Postgres's 128 MB (a start then zeroes an eighth of the memory). The template is
 * named after the installed PGlite build (its version and the size of its WebAssembly), not after
 * where it is installed: a second install of the same build (a packed app beside the workspace)
 * shares it, a new PGlite version gets a new one. Never for production data.
 *
 * @example
 * ```ts
 * const db = await openPglite(pgliteDevOptions(mkdtempSync(join(tmpdir(), 'auth-'))))
 * ```
 */
export function pgliteDevOptions(dataDir: string): PgliteOptions {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const build = createHash('sha256')
    .update(readFileSync(join(dist, '..', 'package.json')))
    .update(String(statSync(join(dist, 'pglite.wasm'), { throwIfNoEntry: false })?.size))
    .digest('hex')
    .slice(0, 16)
  return {
    dataDir,
    template: join(tmpdir(), `portico-auth-pglite-${process.getuid?.() ?? 'user'}-${build}`),
    settings: { shared_buffers: '16MB' },
  }
}
