// Benchmark: N `portico-auth` processes behind one Postgres on loopback, a bounded load of email
// logins (start → code from the SMTP inbox → verify on another process → replay refused → session
// read), one process stopped half way (SIGTERM: drains its requests in flight; --kill for SIGKILL).
// Prints requests/s and p50/p95 per route, and checks the same invariants as the test.
//
//   npm run bench:auth -- [--processes 2] [--logins 400] [--concurrency 50] [--kill]
//
// Needs Debian's postgresql (initdb, pg_ctl); see scripts/ensure-postgres.mjs.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { openPostgres } from '../../packages/auth/src/db/postgres.js'
import {
  Balancer,
  percentile,
  runLogins,
  startAuthProcess,
  type Timings,
} from '../../packages/auth/src/test/cluster.js'
import { startPostgresCluster } from '../../packages/auth/src/test/postgresCluster.js'
import { startMailInbox } from '../../packages/devnet/src/mail/inbox.js'

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    logins: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '50' },
    kill: { type: 'boolean', default: false },
  },
})
const processCount = Number(values.processes)
const logins = Number(values.logins)
const concurrency = Number(values.concurrency)

const cluster = await startPostgresCluster()
if (!cluster) throw new Error('Postgres is not installed: node scripts/ensure-postgres.mjs')
const inbox = await startMailInbox()
const secret = randomBytes(32).toString('hex')
const processes = await Promise.all(
  Array.from({ length: processCount }, () =>
    startAuthProcess({ databaseUrl: cluster.url, smtpPort: inbox.smtpPort, secret, rateLimit: 1000 }),
  ),
)
const db = await openPostgres({ url: cluster.url, maxConnections: 2 })
try {
  const balancer = new Balancer(processes.map((p) => p.url))
  const timings: Timings = {}
  const victim = processes.length > 1 ? processes[processes.length - 1] : undefined
  let stopped = false
  const started = performance.now()
  const outcomes = await runLogins({
    balancer,
    inbox,
    count: logins,
    concurrency,
    timings,
    onDone: (done) => {
      if (victim && !stopped && done >= logins / 2) {
        stopped = true
        victim.child.kill(values.kill ? 'SIGKILL' : 'SIGTERM')
      }
    },
  })
  const seconds = (performance.now() - started) / 1000
  const requests = Object.values(timings).reduce((sum, list) => sum + list.length, 0)
  const done = outcomes.filter((o) => o.state === 'done')
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM (SELECT u.id FROM users u JOIN sessions s ON s.user_id = u.id
     WHERE u.email LIKE 'load-%' GROUP BY u.id HAVING count(s.id) > 1) doubled`,
  )
  const lines = [
    `portico-auth cluster: ${processCount} processes on one Postgres, ${logins} logins, ${concurrency} concurrent, ` +
      `${victim ? `one process ${values.kill ? 'killed (SIGKILL)' : 'stopped (SIGTERM)'} half way` : 'no process stopped'}`,
    `node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
    `${requests} requests in ${seconds.toFixed(1)} s: ${(requests / seconds).toFixed(0)} requests/s, ${(done.length / seconds).toFixed(1)} logins/s`,
    '',
    '| route | requests | p50 ms | p95 ms |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(timings).map(
      ([route, list]) =>
        `| ${route} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} |`,
    ),
    '',
    `signed in: ${done.length}, interrupted by the stop: ${logins - done.length}`,
    `codes accepted twice: ${done.filter((o) => o.replayStatus !== 410).length}, visitors with two sessions: ${rows[0]?.n}`,
  ]
  console.log(lines.join('\n'))
} finally {
  for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM')
  await Promise.allSettled(processes.map((p) => p.exited))
  await Promise.allSettled([db.close(), inbox.stop()])
  await cluster.stop()
}
