import { randomBytes } from 'node:crypto'
import { onTestFinished } from 'vitest'
import { type AuthServerOptions, createAuthServer } from '../createAuthServer.js'
import type { Database } from '../db/database.js'
import type { AuthLogEntry } from '../log.js'
import type { Mail } from '../mailer.js'
import type { Reply } from './client.js'

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
  /** The login code last mailed to `email` (the subject starts with it). */
  const codeFor = (email: string) => /^(\d{6}) /.exec(mails.filter((m) => m.to === email).at(-1)?.subject ?? '')?.[1]
  return { server, mails, logs, call, codeFor }
}
