import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from './db/database.js'
import { openPglite } from './db/pglite.js'
import { migrate } from './migrate.js'
import { describeAuthRules } from './test/suite.js'

// One PGlite per file: its first start (initdb) takes seconds on a busy machine.
const dataDir = mkdtempSync(join(tmpdir(), 'portico-auth-pglite-'))
let db: Database | undefined

beforeAll(async () => {
  db = await openPglite({ dataDir })
  await migrate(db)
}, 120_000)

afterAll(async () => {
  await db?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describeAuthRules('auth server on PGlite', () => db)

test('behavior: migrations apply once', async () => {
  expect(await migrate(db!)).toEqual([])
  const { rows } = await db!.query<{ name: string }>('SELECT name FROM portico_auth_migrations')
  expect(rows.map((r) => r.name)).toEqual(['0001_init.sql'])
})
