import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { MailInbox } from '../../../devnet/src/mail/inbox.js'
import { newDeviceId } from './client.js'

const bin = fileURLToPath(new URL('../../bin/portico-auth.mjs', import.meta.url))

/** One `portico-auth` process (the published bin, from the sources) on a free loopback port. */
export interface AuthProcess {
  url: string
  pid: number
  child: ChildProcess
  exited: Promise<number | null>
  /** Its log, one parsed JSON line each. */
  log: Record<string, unknown>[]
}

export const CLUSTER_PROJECT = 'cluster-project'
export const CLUSTER_PAGE = 'http://127.0.0.1:5173'

/**
 * Starts `portico-auth` on `databaseUrl`, mailing to `smtpPort`. Every process of a cluster gets
 * the same secret, as the README asks. `--trust-proxy`: the load test names each visitor's address
 * in `X-Forwarded-For`, as a load balancer would.
 */
export function startAuthProcess(options: {
  databaseUrl: string
  smtpPort: number
  secret: string
  rateLimit: number
}): Promise<AuthProcess> {
  const child = spawn(
    process.execPath,
    [
      bin,
      '--project',
      `${CLUSTER_PROJECT}=${CLUSTER_PAGE}`,
      '--mail-from',
      'login@portico.test',
      '--trust-proxy',
      '--rate-limit',
      String(options.rateLimit),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORTICO_AUTH_FROM_SOURCE: '1',
        PORT: '0',
        DATABASE_URL: options.databaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
        PORTICO_AUTH_SECRET: options.secret,
      },
    },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const log: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    // Read every line (a full pipe would stall the server).
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line) as Record<string, unknown>
      } catch {
        return
      }
      log.push(entry)
      if (entry.msg === 'listening') resolve({ url: String(entry.url), pid: child.pid ?? 0, child, exited, log })
    })
    exited.then(() => reject(new Error(`portico-auth exited before listening: ${stderr}`)))
  })
}

/** A load balancer's view, kept by the client: the processes still answering, in turn. */
export class Balancer {
  private next = 0
  readonly down = new Set<string>()
  constructor(readonly urls: string[]) {}
  /** The next live process, skipping `avoid` when another one is live. */
  pick(avoid?: string): string {
    const live = this.urls.filter((url) => !this.down.has(url))
    if (live.length === 0) throw new Error('no auth process left')
    const choices = live.length > 1 && avoid ? live.filter((url) => url !== avoid) : live
    this.next += 1
    return choices[this.next % choices.length]!
  }
}

/** One timed request; `latencies` collects ms per route. */
export interface Timings {
  [route: string]: number[]
}

interface Reply {
  status: number
  body: Record<string, unknown> & { error?: { code: string } }
}

/**
 * A request through the balancer: a connection refused or cut marks the process down and the
 * request goes to another one (what a load balancer does with a dead backend). Returns where it
 * was answered and whether an earlier attempt was cut after it was sent (its effect unknown).
 */
export async function send(
  balancer: Balancer,
  timings: Timings,
  route: string,
  init: { method: string; path: string; body?: unknown; headers: Record<string, string>; avoid?: string },
): Promise<Reply & { url: string; cut: boolean }> {
  let cut = false
  for (;;) {
    const url = balancer.pick(init.avoid)
    const started = performance.now()
    try {
      const response = await fetch(`${url}${init.path}`, {
        method: init.method,
        headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
      const body = (await response.json()) as Reply['body']
      if (response.status === 503 && body.error?.code === 'UNAVAILABLE') {
        // Draining: nothing was done; the balancer takes it out.
        balancer.down.add(url)
        continue
      }
      timings[route] ??= []
      timings[route].push(performance.now() - started)
      return { status: response.status, body, url, cut }
    } catch {
      balancer.down.add(url)
      cut = true
    }
  }
}

/** What became of one visitor's login. */
export interface LoginOutcome {
  email: string
  /** `done`: signed in; `interrupted`: a process died under it before a session was issued. */
  state: 'done' | 'interrupted'
  token?: string
  sessionId?: string
  /** The headers it logged in with (its device id and address). */
  headers: Record<string, string>
  /** The same code sent again to another process afterwards: its answer's status. */
  replayStatus?: number
}

/**
 * One visitor: start an email login on one process, read the code from the inbox, send it to
 * another process, then replay the same code on a third (or the first): it must be refused.
 */
export async function loginOnce(
  balancer: Balancer,
  inbox: MailInbox,
  timings: Timings,
  index: number,
): Promise<LoginOutcome> {
  const email = `load-${index}-${randomBytes(4).toString('hex')}@example.com`
  const headers = {
    'x-project-id': CLUSTER_PROJECT,
    'x-portico-origin': CLUSTER_PAGE,
    'x-portico-device': newDeviceId(),
    // A distinct visitor address each (documentation range, 256 × 256 of them).
    'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  }
  const started = await send(balancer, timings, 'POST /v1/email/login', {
    method: 'POST',
    path: '/v1/email/login',
    body: { email },
    headers,
  })
  // A start cut by a dying process may have sent a code for a challenge this visitor never heard of.
  if (started.status !== 200 || started.cut) return { email, state: 'interrupted', headers }
  const challengeId = String(started.body.challengeId)
  const mail = await inbox.waitFor(email, { timeoutMs: 120_000 })
  const verified = await send(balancer, timings, 'POST /v1/email/otp', {
    method: 'POST',
    path: '/v1/email/otp',
    body: { challengeId, otp: mail.code },
    headers,
    avoid: started.url,
  })
  if (verified.status !== 200) {
    // Only a cut request may end like this: the dead process consumed the code, then died.
    if (!verified.cut || verified.body.error?.code !== 'OTP_USED')
      throw new Error(`login ${email}: ${verified.status} ${JSON.stringify(verified.body)}`)
    return { email, state: 'interrupted', headers }
  }
  const token = String(verified.body.token)
  const replay = await send(balancer, timings, 'POST /v1/email/otp (replay)', {
    method: 'POST',
    path: '/v1/email/otp',
    body: { challengeId, otp: mail.code },
    headers,
    avoid: verified.url,
  })
  const session = await send(balancer, timings, 'GET /v1/session', {
    method: 'GET',
    path: '/v1/session',
    headers: { ...headers, authorization: `Bearer ${token}` },
  })
  return {
    email,
    state: 'done',
    headers,
    token,
    sessionId: String((session.body.session as { id?: string } | undefined)?.id),
    replayStatus: replay.status,
  }
}

/** Runs `count` logins with at most `concurrency` at once; `onDone` sees each finished one. */
export async function runLogins(options: {
  balancer: Balancer
  inbox: MailInbox
  count: number
  concurrency: number
  timings: Timings
  onDone?: (done: number) => void
}): Promise<LoginOutcome[]> {
  const outcomes: LoginOutcome[] = []
  let next = 0
  const worker = async () => {
    while (next < options.count) {
      const index = next++
      outcomes.push(await loginOnce(options.balancer, options.inbox, options.timings, index))
      options.onDone?.(outcomes.length)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  return outcomes
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
