import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from './db/database.js'
import { openPostgres } from './db/postgres.js'
import { migrate } from './migrate.js'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './test/postgresCluster.js'
import { describeAuthRules } from './test/suite.js'

// The same rules on a real Postgres server (Debian's `postgresql`, started here on a loopback
// port in a temp folder), through the DATABASE_URL path.
const hasPostgres = findPostgresBin() !== undefined
if (!hasPostgres)
  console.warn('[auth] Postgres binaries not found: skipping the Postgres suite (apt-get install -y postgresql)')

describe.skipIf(!hasPostgres)('real Postgres', () => {
  let cluster: PostgresCluster | undefined
  let db: Database | undefined

  beforeAll(async () => {
    cluster = await startPostgresCluster()
    db = await openPostgres({ url: cluster!.url })
    await migrate(db)
  }, 120_000)

  afterAll(async () => {
    await db?.close()
    await cluster?.stop()
  })

  describeAuthRules('auth server on Postgres', () => db)

  test('behavior: servers starting together migrate once', async () => {
    const [a, b] = await Promise.all([openPostgres({ url: cluster!.url }), openPostgres({ url: cluster!.url })])
    try {
      const results = await Promise.all([migrate(a), migrate(b)])
      expect(results).toEqual([[], []])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
