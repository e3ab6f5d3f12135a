import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AuthProject, FarcasterConfig, SocialProvidersConfig } from '@portico/auth'
import { allowedOrigins } from '../api/routes/directory.js'
import { resolveLoopbackHost } from '../net.js'
import { type MailInbox, startMailInbox } from './inbox.js'

/**
 * Options of {@link startDevnetAuth}. Ports default to 0 (a free one each).
 *
 * @example
 * ```ts
 * const auth = await startDevnetAuth({ port: 8790, inbox: { httpPort: 8791 } })
 * ```
 */
export interface StartDevnetAuthOptions {
  host?: string
  /** Port of the auth server. */
  port?: number
  /** Port of the secure frame's server (its own origin; default a free one). */
  framePort?: number
  inbox?: { smtpPort?: number; httpPort?: number }
  /** Projects the auth server knows (default: `devnet`, `portico-demo` and `test-project`, any loopback page origin). */
  projects?: AuthProject[]
  /** Clock of the auth server (tests of expiry pass a fake one). */
  now?: () => number
  /**
   * How long the secure frame waits for a user operation's receipt (its server's
   * `receiptTimeoutMs`; default the frame's 60 s). Tests of a receipt that never comes shorten it.
   */
  receiptTimeoutMs?: number
}

/**
 * The devnet's auth server (PGlite in a temp folder) and the mail inbox it sends to.
 *
 * @example
 * ```ts
 * const { auth } = await startDevnet()
 * const { code } = await (await fetch(`${auth.inboxUrl}/messages/latest?to=ada@example.com&wait=5000`)).json()
 * ```
 */
export interface DevnetAuth {
  /** Base URL of the auth API (`@portico/auth`'s routes). */
  url: string
  /**
   * Origin of the embedded wallet's secure frame (`@portico/secure`), on its own loopback port so it
   * really is another origin than the host page's. The page is `/`, with the spec's query parameters.
   */
  frameUrl: string
  /** Base URL of the inbox's HTTP API (`/messages`, `/messages/latest?to=`). */
  inboxUrl: string
  /** The inbox, read directly (not plain data). */
  inbox: Pick<MailInbox, 'messages' | 'latest' | 'waitFor' | 'clear' | 'smtpPort'>
  /** Project ids the server accepts. */
  projectIds: string[]
  /**
   * Lets another secure frame (one a test serves itself, e.g. behind a proxy) name its embedding
   * page to this server, as the devnet's own frame does. The server believes `X-Portico-Origin`
   * only from frame origins.
   */
  trustFrame(origin: string): void
  /**
   * Sets the social-login providers the server logs in with (`startDevnet` passes its six; see
   * `authSocialConfig`). Read per request, so it applies at once.
   */
  configureSocial(providers: SocialProvidersConfig): void
  /** Sets Sign In With Farcaster's relay and chain RPC (`startDevnet` passes its own). */
  configureFarcaster(config: FarcasterConfig): void
  /**
   * Resolves once the database is open and migrated. The server opens it on the first request by
   * itself (a new PGlite runs initdb, seconds on a busy machine), so nobody pays for it unused.
   */
  ready(): Promise<void>
  stop(): Promise<void>
}

/** Project ids of the devnet auth server, accepted from any loopback page. */
export const devnetAuthProjects: AuthProject[] = [
  // `devnet` is the project id the README's devnet settings use.
  { id: 'devnet', allowedOrigins },
  { id: 'portico-demo', allowedOrigins },
  { id: 'test-project', allowedOrigins },
]

/**
 * Starts a mail inbox and an auth server on PGlite (a temp data folder, removed on stop) that mails
 * to it. Cheap to start: the database opens lazily (see `ready`).
 *
 * @example
 * ```ts
 * const auth = await startDevnetAuth()
 * await fetch(`${auth.url}/v1/email/login`, { method: 'POST', headers, body: JSON.stringify({ email }) })
 * const mail = await auth.inbox.waitFor(email)
 * await auth.stop()
 * ```
 */
export async function startDevnetAuth(options: StartDevnetAuthOptions = {}): Promise<DevnetAuth> {
  const host = resolveLoopbackHost(options.host ?? '127.0.0.1')
  // Loaded here, not at the top: importing the devnet must not need the auth package (a runner
  // without the `portico-source` condition finds it only once built).
  const { createAuthServer, pgliteDevOptions } = await import('@portico/auth')
  const inbox = await startMailInbox({ host, ...options.inbox })
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-devnet-auth-'))
  const projects = options.projects ?? devnetAuthProjects
  // The frame starts after the server (it needs the server's URL): its origin is read per request.
  let frameOrigins: string[] = []
  // The providers and the Farcaster relay start beside or after this server: set when they are up.
  let social: SocialProvidersConfig = {}
  let farcaster: FarcasterConfig | undefined
  const server = createAuthServer({
    projects,
    frameOrigins: () => frameOrigins,
    social: () => social,
    farcaster: () => farcaster,
    // Development: the request log would drown the devnet's own output; warnings and errors stay.
    log: (entry) => {
      if (entry.level !== 'info') console.error(JSON.stringify(entry))
    },
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico devnet <login@portico.localhost>' },
    // After the first devnet on this machine, new databases start from a cached template (no
    // initdb), with a small buffer pool.
    database: pgliteDevOptions(dataDir),
    // Devnet sessions need not survive a restart: a fresh secret each start.
    secret: randomBytes(32),
    ...(options.now ? { now: options.now } : {}),
  })
  let url: string
  try {
    url = await server.listen({ host, port: options.port ?? 0 })
  } catch (error) {
    await Promise.allSettled([server.close(), inbox.stop()])
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  let frame: { url: string; stop(): Promise<void> }
  try {
    const { startSecureFrame } = await import('@portico/secure')
    // The e2e flows log in without a user to note a recovery code: the devnet runs operator-assisted.
    frame = await startSecureFrame({
      host,
      port: options.framePort ?? 0,
      authUrl: url,
      recoveryMode: 'operator-assisted',
      ...(options.receiptTimeoutMs === undefined ? {} : { receiptTimeoutMs: options.receiptTimeoutMs }),
    })
    // Pages load the frame by either loopback name; both are the frame's origin.
    frameOrigins = [frame.url, frame.url.replace('//127.0.0.1:', '//localhost:')]
  } catch (error) {
    await Promise.allSettled([server.close(), inbox.stop()])
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  let stopping: Promise<void> | undefined
  return {
    url,
    frameUrl: frame.url,
    inboxUrl: inbox.url,
    inbox,
    projectIds: projects.map((p) => p.id),
    trustFrame(origin) {
      frameOrigins = [...frameOrigins, origin]
    },
    configureSocial(providers) {
      social = providers
    },
    configureFarcaster(config) {
      farcaster = config
    },
    ready: () => server.ready(),
    stop() {
      stopping ??= Promise.allSettled([server.close(), inbox.stop(), frame.stop()]).then(() => {
        rmSync(dataDir, { recursive: true, force: true })
      })
      return stopping
    },
  }
}
