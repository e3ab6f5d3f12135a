import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { Database } from './database.js'
import { openPglite, pgliteDevOptions } from './pglite.js'

// A template of this file's own (not the per-user one the other suites share), so that its first
// use really runs initdb here.
const root = mkdtempSync(join(tmpdir(), 'portico-pglite-test-'))
const template = join(root, 'template')
const settings = { shared_buffers: '16MB' }
const opened: Database[] = []
afterAll(async () => {
  await Promise.allSettled(opened.map((db) => db.close()))
  rmSync(root, { recursive: true, force: true })
})

async function open(dataDir: string) {
  const db = await openPglite({ dataDir, template, settings })
  opened.push(db)
  return db
}

describe('openPglite with a template folder', () => {
  test('behavior: two databases opened at once make one template between them, and both start from it', async () => {
    const [a, b] = await Promise.all([open(join(root, 'a')), open(join(root, 'b'))])
    expect(existsSync(join(template, 'data', 'PG_VERSION'))).toBe(true)
    expect(existsSync(join(template, 'dump.tar.gz'))).toBe(true)
    // The loser of the race removed its own copy.
    expect(readdirSync(root).filter((name) => name.endsWith('.partial'))).toEqual([])
    await a.exec('CREATE TABLE notes (body text)')
    await a.query('INSERT INTO notes VALUES ($1)', ['only in a'])
    // b is a copy, not the same folder.
    const { rows } = await b.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'notes'")
    expect(rows).toEqual([{ n: 0 }])
  }, 120_000)

  test('behavior: a new folder is a copy of the template, which stays untouched', async () => {
    const c = await open(join(root, 'c'))
    await c.exec('CREATE TABLE marks (id int)')
    const d = await open(join(root, 'd'))
    const { rows } = await d.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'marks'")
    expect(rows).toEqual([{ n: 0 }])
  }, 120_000)

  test('behavior: an existing folder reopens with its data; the template never overwrites it', async () => {
    const dataDir = join(root, 'kept')
    const first = await open(dataDir)
    await first.exec('CREATE TABLE kept (v text)')
    await first.query('INSERT INTO kept VALUES ($1)', ['still here'])
    await first.close()
    const again = await open(dataDir)
    expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }])
  }, 120_000)

  test('behavior: a memory:// database loads the dump kept beside the template', async () => {
    const db = await open('memory://')
    expect((await db.query<{ ok: number }>('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }])
  }, 120_000)

  test('behavior: settings reach Postgres as its own settings for this start', async () => {
    const db = await open(join(root, 'settings'))
    expect((await db.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }])
  }, 120_000)
})

test('behavior: pgliteDevOptions names one template per PGlite build, with a small buffer pool', () => {
  const options = pgliteDevOptions('memory://')
  expect(options).toEqual({
    dataDir: 'memory://',
    template: expect.stringMatching(/portico-auth-pglite-.+-[0-9a-f]{16}$/),
    settings: { shared_buffers: '16MB' },
  })
  expect(pgliteDevOptions('/elsewhere').template).toBe(options.template)
})
