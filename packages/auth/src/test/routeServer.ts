import { randomBytes } from 'node:crypto'
import { expect, onTestFinished } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import type { AuthLogEntry } from '../log.js'
import type { Mail } from '../mailer.js'
import { createTestClient, type Reply, type TestClient } from './client.js'

/** The page the test project allows, and the one only `other-project` allows. */
export const testPage = 'http://127.0.0.1:5173'
export const otherPage = 'http://127.0.0.1:5174'
/** The address the server answers as (its `fetch` is called: nothing listens there). */
export const testServerUrl = 'http://127.0.0.1:8790'

/** What a frame-like call sends: its device, its session token, a JSON (or raw string) body. */
export interface FetchCall {
  device: string
  token?: string | undefined
  body?: unknown
  /** Headers over the frame's own; `undefined` drops one. */
  extra?: Record<string, string | undefined>
}

/**
 * A server on `database` for route-level tests, called through its `fetch` (the app as
 * `createAuthServer` mounts it, no socket): two projects (`test-project` on {@link testPage},
 * `other-project` on {@link otherPage}), mails and log entries kept, no rate limit unless asked,
 * its own secret (its rate-limit windows apart from other servers'), closed when the test ends.
 *
 * @example
 * const { call, codeFor } = startFetchServer(db)
 * const started = await call('POST', '/v1/email/login', { device: newDeviceId(), body: { email } })
 */
export function startFetchServer(database: Database, overrides: Partial<AuthServerOptions> = {}) {
  const mails: Mail[] = []
  const logs: AuthLogEntry[] = []
  const server = createAuthServer({
    projects: [
      { id: 'test-project', allowedOrigins: [testPage] },
      { id: 'other-project', allowedOrigins: [otherPage] },
    ],
    mail: { send: async (mail) => void mails.push(mail) },
    database,
    secret: randomBytes(32),
    rateLimit: false,
    publicUrl: testServerUrl,
    log: (entry) => logs.push(entry),
    ...overrides,
  })
  onTestFinished(() => server.close())
  /** A call the way the frame makes it (JSON body, project, page and device headers, the bearer). */
  const call = async (method: string, path: string, { device, token, body, extra = {} }: FetchCall): Promise<Reply> => {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries({
      'content-type': 'application/json',
      'x-project-id': 'test-project',
      'x-portico-origin': testPage,
      'x-portico-device': device,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...extra,
    }))
      if (value !== undefined) headers[name] = value
    const response = await server.fetch(
      new Request(`${testServerUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} }
  }
  return { server, mails, logs, call, codeFor: (email: string) => mailedCode(mails, email) }
}

/** The login code last mailed to `email` (the subject starts with it). */
export function mailedCode(mails: readonly Mail[], email: string): string | undefined {
  return /^(\d{6}) /.exec(mails.filter((m) => m.to === email).at(-1)?.subject ?? '')?.[1]
}

/**
 * A server on `database` listening on loopback, for route-level tests over real HTTP: the test
 * project on {@link testPage}, mails kept, a clock the test moves, no rate limit unless asked, its
 * own secret unless given, closed when the test ends. `client()` calls it as the frame does;
 * `signIn()` logs a new user in with the mailed code (its first login: the device is verified).
 *
 * @example
 * const { signIn } = await startHttpServer(db)
 * const { client, userId } = await signIn()
 * await client.call('DELETE', '/v1/account', { confirm: userId })
 */
export async function startHttpServer(database: Database, overrides: Partial<AuthServerOptions> = {}) {
  const clock = { now: Date.now() }
  const mails: Mail[] = []
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: [testPage] }],
    mail: { send: async (mail) => void mails.push(mail) },
    database,
    secret: randomBytes(32),
    now: () => clock.now,
    rateLimit: false,
    log: () => {},
    ...overrides,
  })
  const url = await server.listen()
  onTestFinished(() => server.close())
  const client = (options: { projectId?: string; origin?: string } = {}) =>
    createTestClient(url, { origin: testPage, ...options })
  const signIn = async (
    signingIn: TestClient = client(),
    email = `route-user-${randomBytes(4).toString('hex')}@example.com`,
  ) => {
    const started = await signingIn.call<{ challengeId: string }>('POST', '/v1/email/login', { email })
    const done = await signingIn.call<{ token: string; user: { id: string } }>('POST', '/v1/email/otp', {
      challengeId: started.body.challengeId,
      otp: mailedCode(mails, email),
    })
    expect(done.status).toBe(200)
    signingIn.token = done.body.token
    return { client: signingIn, email, userId: done.body.user.id }
  }
  return { url, clock, mails, client, signIn }
}
