// The auth server beyond one process: two `portico-auth` processes (the bin, from the sources)
// behind one Postgres on loopback, a client-side balancer that takes a dead process out, a bounded
// load of concurrent logins with one process killed (SIGKILL) half way. What must hold: every
// session issued stays valid on the survivor, no visitor has two sessions, no code is accepted
// twice, and the per-client limit and the attempts on one code are shared by both processes.
// No timing is asserted here; `npm run bench:auth` prints the figures.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type MailInbox, startMailInbox } from '../../devnet/src/mail/inbox.js'
import { OTP_MAX_ATTEMPTS } from './constants.js'
import type { Database } from './db/database.js'
import { openPostgres } from './db/postgres.js'
import { newDeviceId } from './test/client.js'
import {
  type AuthProcess,
  Balancer,
  CLUSTER_PAGE,
  CLUSTER_PROJECT,
  runLogins,
  send,
  startAuthProcess,
  type Timings,
} from './test/cluster.js'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './test/postgresCluster.js'

const LOGINS = 200
const CONCURRENCY = 40
const RATE_LIMIT = 20

describe.skipIf(findPostgresBin() === undefined)('two auth processes on one Postgres', () => {
  let cluster: PostgresCluster | undefined
  let inbox: MailInbox
  let db: Database
  let processes: AuthProcess[] = []

  beforeAll(async () => {
    ;[cluster, inbox] = await Promise.all([startPostgresCluster(), startMailInbox()])
    const secret = randomBytes(32).toString('hex')
    const options = { databaseUrl: cluster!.url, smtpPort: inbox.smtpPort, secret, rateLimit: RATE_LIMIT }
    // Started together: they take turns migrating (advisory lock).
    processes = await Promise.all([startAuthProcess(options), startAuthProcess(options)])
    db = await openPostgres({ url: cluster!.url, maxConnections: 2 })
  }, 180_000)

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM')
    await Promise.allSettled(processes.map((p) => p.exited))
    await Promise.allSettled([db?.close(), inbox?.stop()])
    await cluster?.stop()
  })

  const headers = (ip: string) => ({
    'x-project-id': CLUSTER_PROJECT,
    'x-portico-origin': CLUSTER_PAGE,
    'x-portico-device': newDeviceId(),
    'x-forwarded-for': ip,
  })

  test('behavior: one client address gets the same budget whichever process it reaches', async () => {
    const balancer = new Balancer(processes.map((p) => p.url))
    const timings: Timings = {}
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMIT + 6; i++) {
      const r = await send(balancer, timings, 'limit', {
        method: 'POST',
        path: '/v1/email/login',
        body: { email: `limit-${i}-${randomBytes(3).toString('hex')}@example.com` },
        headers: headers('203.0.113.7'),
      })
      statuses.push(r.status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT)
    expect(statuses.slice(RATE_LIMIT).every((s) => s === 429)).toBe(true)
  })

  test('behavior: guesses at one code spread over both processes share its attempts', async () => {
    const [a, b] = processes as [AuthProcess, AuthProcess]
    const h = headers('203.0.113.8')
    const email = `brute-${randomBytes(3).toString('hex')}@example.com`
    const call = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } }))
    const { body } = (await call(a.url, '/v1/email/login', { email })) as { body: { challengeId?: string } }
    const { code } = await inbox.waitFor(email, { timeoutMs: 30_000 })
    const wrong = code === '000000' ? '111111' : '000000'
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? a.url : b.url, '/v1/email/otp', { challengeId: body.challengeId, otp: wrong }),
      ),
    )
    expect(replies.filter((r) => r.body.error?.code === 'OTP_INVALID')).toHaveLength(OTP_MAX_ATTEMPTS - 1)
    expect(replies.filter((r) => r.body.error?.code === 'OTP_ATTEMPTS_EXHAUSTED')).toHaveLength(
      12 - (OTP_MAX_ATTEMPTS - 1),
    )
    expect((await call(b.url, '/v1/email/otp', { challengeId: body.challengeId, otp: code })).status).toBe(429)
  })

  test(`behavior: ${LOGINS} concurrent logins, one process killed half way: no session lost or doubled, no code used twice`, async () => {
    const [survivor, victim] = processes as [AuthProcess, AuthProcess]
    const balancer = new Balancer([survivor.url, victim.url])
    const timings: Timings = {}
    let killed = false
    const outcomes = await runLogins({
      balancer,
      inbox,
      count: LOGINS,
      concurrency: CONCURRENCY,
      timings,
      onDone: (done) => {
        if (!killed && done >= LOGINS / 2) {
          killed = true
          victim.child.kill('SIGKILL')
        }
      },
    })
    await victim.exited
    expect(killed).toBe(true)
    // The victim did serve its share before it died.
    expect(victim.log.filter((e) => e.msg === 'login.verified').length).toBeGreaterThan(0)

    const done = outcomes.filter((o) => o.state === 'done')
    const interrupted = outcomes.filter((o) => o.state === 'interrupted')
    expect(outcomes).toHaveLength(LOGINS)
    // Only requests in flight on the killed process can be interrupted.
    expect(interrupted.length).toBeLessThanOrEqual(CONCURRENCY)
    expect(done.length).toBeGreaterThanOrEqual(LOGINS - CONCURRENCY)

    // No code accepted twice: every replay to another process was refused as used.
    expect(done.every((o) => o.replayStatus === 410)).toBe(true)

    // No session lost: every token issued (by either process) works on the survivor.
    const survivorOnly = new Balancer([survivor.url])
    for (const outcome of done) {
      const r = await send(survivorOnly, {}, 'check', {
        method: 'GET',
        path: '/v1/session',
        headers: { ...outcome.headers, authorization: `Bearer ${outcome.token}` },
      })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ user: { email: outcome.email }, session: { id: outcome.sessionId } })
    }
    expect(done.every((o) => o.sessionId && o.sessionId !== 'undefined')).toBe(true)

    // No session doubled: one session row per visitor who finished, none for anyone else twice.
    const { rows } = await db.query<{ email: string; sessions: string }>(
      `SELECT u.email, count(s.id)::text AS sessions FROM users u JOIN sessions s ON s.user_id = u.id
       WHERE u.email LIKE 'load-%' GROUP BY u.email`,
    )
    const perUser = new Map(rows.map((r) => [r.email, Number(r.sessions)]))
    for (const outcome of done) expect(perUser.get(outcome.email)).toBe(1)
    expect([...perUser.values()].every((n) => n === 1)).toBe(true)
    const sessionIds = new Set(done.map((o) => o.sessionId))
    expect(sessionIds.size).toBe(done.length)
    // Each code consumed at most once, and only codes of visitors who were answered or cut.
    const consumed = await db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM otp_challenges WHERE email LIKE 'load-%' AND consumed_at IS NOT NULL",
    )
    expect(Number(consumed.rows[0]!.n)).toBeGreaterThanOrEqual(done.length)
    expect(Number(consumed.rows[0]!.n)).toBeLessThanOrEqual(done.length + interrupted.length)
  }, 300_000)
})
