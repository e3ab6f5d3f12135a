import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
// Source paths, as globalDevnet.ts does: global setup files load without the `portico-source`
// condition, so `@portico/devnet`'s startDevnetAuth (which imports `@portico/auth` by name) would
// need a prior build. This is the same server, inbox and frame, wired from their sources.
import { createAuthServer, pgliteDevOptions } from '../../../auth/src/index.js'
import { startMailInbox } from '../../../devnet/src/mail/inbox.js'
import { authSocialConfig } from '../../../devnet/src/oidc/authConfig.js'
import { type SocialAuthorizationError, startSocialProviders } from '../../../devnet/src/oidc/server.js'
import { startSecureFrame } from '../../../secure/src/server.js'
import './provided.js'

/**
 * The frame at `localhost`: the test page's top window (Vitest's) is on localhost, and a frame of
 * another site (127.0.0.1) is a third party, whose IndexedDB Chromium refuses. A host page and
 * its wallet's frame are the same site in real deployments too (app.example.com, secure.example.com).
 */
const sameSite = (url: string) => url.replace('//127.0.0.1:', '//localhost:')

/**
 * The embedded wallet's services for browser tests: the auth server (`@portico/auth` on PGlite in
 * a temp folder), the SMTP inbox it mails to (read over HTTP, CORS open), the secure frame on its
 * own loopback origin, and a control endpoint that moves the auth server's clock forward (its 30 s
 * mail cooldown is passed by moving time, never by waiting), or one user's clock only.
 */
export async function setup(project: TestProject) {
  // The heap instance (vitest.config.ts) runs only the leak tests, which read the devnet alone: its
  // copy of this setup (Vitest runs a project's global setup once per browser instance) would start
  // a second auth server, frames and providers before any test (~2 CPU-s), for nothing.
  if (project.name === 'browser-heap') return
  let offset = 0
  // One user's clock, as the requests carrying their session token see it (`?user=…&shift=ms`): a
  // test makes its own session expired or not yet valid without moving the clock of the other test
  // files, which share this server. The token's email is read, not verified: the server checks it.
  const userShifts = new Map<string, number>()
  const tokenEmail = new AsyncLocalStorage<string | undefined>()
  const inbox = await startMailInbox({ host: '127.0.0.1' })
  // The devnet's six social-login providers, each on a free loopback port (not the devnet's fixed
  // ones: another devnet may run beside the tests).
  const social = await startSocialProviders({ host: '127.0.0.1' })
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-ui-auth-'))
  // The frames start after the server (they need its URL): their origins are read per request.
  let frameOrigins: string[] = []
  // The server mounted in a listener of our own (not its `listen`), so each request runs with the
  // email of the token it carries at hand for the clock above.
  const listener = createServer((request, response) =>
    tokenEmail.run(emailOf(request.headers.authorization), () => server.handle(request, response)),
  )
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
  const server = createAuthServer({
    projects: [{ id: 'test-project', allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] }],
    frameOrigins: () => frameOrigins,
    log: (entry) => {
      if (entry.level !== 'info') console.error(JSON.stringify(entry))
    },
    mail: { host: inbox.smtpHost, port: inbox.smtpPort, from: 'Portico tests <login@portico.localhost>' },
    database: pgliteDevOptions(dataDir),
    social: authSocialConfig(social.providers),
    secret: randomBytes(32),
    now: () => Date.now() + offset + (userShifts.get(tokenEmail.getStore() ?? '') ?? 0),
    publicUrl: url,
    // The tests load the frames from localhost (sameSite above): passkeys belong to it. WebAuthn
    // takes no IP address as a relying party, and the default is the first frame origin's host.
    passkeys: { rpId: 'localhost' },
  })
  social.allowRedirectOrigin(url)
  // Most UI flows are about login and signing: their frames run the operator-assisted recovery
  // mode. The third frame runs the default (user-held): a first login there shows the recovery
  // code inside the frame, laid over the modal's ApproveTransaction view.
  const frame = await startSecureFrame({ host: '127.0.0.1', authUrl: url, recoveryMode: 'operator-assisted' })
  // A second frame origin is a second device: its own IndexedDB, so device verification applies.
  const otherFrame = await startSecureFrame({ host: '127.0.0.1', authUrl: url, recoveryMode: 'operator-assisted' })
  const userHeldFrame = await startSecureFrame({ host: '127.0.0.1', authUrl: url })
  frameOrigins = [frame.url, otherFrame.url, userHeldFrame.url].flatMap((origin) => [origin, sameSite(origin)])
  const control = createServer((request, response) => {
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' }
    const params = new URL(request.url ?? '/', 'http://control').searchParams
    const ms = Number(params.get('advance') ?? 0)
    const user = params.get('user')
    const shift = Number(params.get('shift') ?? 0)
    if (user && Number.isFinite(shift)) userShifts.set(user, shift)
    else if (Number.isFinite(ms) && ms > 0) offset += ms
    // `?failSocial=github`: that provider's next authorization answers an error (access_denied).
    const failing = params.get('failSocial') as keyof typeof social.providers | null
    if (failing && failing in social.providers)
      social.providers[failing].failNextAuthorization(
        (params.get('error') ?? 'access_denied') as SocialAuthorizationError,
      )
    response.writeHead(200, headers).end(JSON.stringify({ offset }))
  })
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve))
  // Opens (and migrates) the database now, not under the first test's timeout.
  await Promise.all([server.ready(), social.ready()])
  project.provide('embedded', {
    authUrl: url,
    frameUrl: sameSite(frame.url),
    otherFrameUrl: sameSite(otherFrame.url),
    userHeldFrameUrl: sameSite(userHeldFrame.url),
    inboxUrl: inbox.url,
    clockUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}/`,
    projectId: 'test-project',
  })
  return async () => {
    listener.closeAllConnections()
    await Promise.allSettled([
      server.close(),
      new Promise((resolve) => listener.close(resolve)),
      inbox.stop(),
      social.stop(),
      frame.stop(),
      otherFrame.stop(),
      userHeldFrame.stop(),
      new Promise((resolve) => control.close(resolve)),
    ])
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The `email` claim of a bearer token, unverified (the auth server verifies it). */
function emailOf(authorization: string | undefined): string | undefined {
  const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1]
  if (!payload) return undefined
  try {
    const { email } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { email?: unknown }
    return typeof email === 'string' ? email : undefined
  } catch {
    return undefined
  }
}
