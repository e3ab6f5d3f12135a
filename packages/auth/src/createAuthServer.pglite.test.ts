import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from './db/database.js'
import { openPglite, pgliteDevOptions } from './db/pglite.js'
import { migrate } from './migrate.js'
import { describeAuthRules } from './test/suite.js'

// One PGlite per file: a new database takes seconds (initdb, or the template after the first run).
const dataDir = mkdtempSync(join(tmpdir(), 'portico-auth-pglite-'))
let db: Database | undefined

beforeAll(async () => {
  db = await openPglite(pgliteDevOptions(dataDir))
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
  expect(rows.map((r) => r.name)).toEqual([
    '0001_init.sql',
    '0002_device_shares.sql',
    '0003_rate_limits.sql',
    '0004_social_farcaster.sql',
    '0005_passkeys.sql',
  ])
})

test('behavior: the data folder keeps the data across a restart', async () => {
  await db!.query("INSERT INTO email_cooldowns (email, last_sent_at) VALUES ('kept@example.com', now())")
  await db!.close()
  db = await openPglite({ dataDir })
  expect(await migrate(db)).toEqual([])
  const { rows } = await db.query<{ email: string }>(
    "SELECT email FROM email_cooldowns WHERE email = 'kept@example.com'",
  )
  expect(rows).toEqual([{ email: 'kept@example.com' }])
})
