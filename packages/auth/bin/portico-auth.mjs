#!/usr/bin/env node
/**
 * portico-auth: runs the Portico auth server (the API behind the embedded wallet's secure frame)
 * until SIGINT/SIGTERM. Settings come from flags or the environment (flags win).
 *
 * Works without a build: it loads `../dist/index.js` when the package has been built (the
 * published case) and otherwise the TypeScript sources through tsx's API (the workspace case).
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'

const USAGE = `Usage: portico-auth [options]

Runs the Portico auth server. Every option has an environment variable.

  --port N            port (PORT, default 8790)
  --host H            address to bind (HOST, default 127.0.0.1; 0.0.0.0 for all interfaces)
  --database-url URL  Postgres server (DATABASE_URL); otherwise the embedded PGlite is used
  --data-dir DIR      PGlite data folder (PORTICO_AUTH_DATA_DIR, default ./portico-auth-data)
  --project ID=ORIGINS
                      a project id and its allowed page origins, comma-separated, '*' wildcards;
                      repeat for several (PORTICO_AUTH_PROJECTS='id1=https://a.com,https://*.a.com;id2=...')
  --smtp-url URL      SMTP server, e.g. smtps://user:pass@smtp.example.com:465 (SMTP_URL)
  --mail-from FROM    sender address (MAIL_FROM, e.g. 'Portico <login@example.com>')
  --public-url URL    public base URL of this server, used in device approval links (PUBLIC_URL)
  --app-name NAME     product name in mails (PORTICO_AUTH_APP_NAME, default Portico)
  --frame-origin URL  origin of the secure frame that calls this server; repeat for several
                      (PORTICO_AUTH_FRAME_ORIGINS, comma-separated). Only the frame may name the
                      page that embeds it (X-Portico-Origin); without one, pages must call directly
  --trust-proxy       read the client IP from X-Forwarded-For (PORTICO_AUTH_TRUST_PROXY=1)
  --rate-limit N      requests per minute per client IP and route group, shared by every server on
                      the database (PORTICO_AUTH_RATE_LIMIT, default 60; 0 turns it off)
  -h, --help          show this help

The session secret comes from PORTICO_AUTH_SECRET only (at least 32 characters; the same on
every server behind a load balancer). Without it a random one is used: sessions end on restart.
The key sealing the wallets' recovery shares comes from PORTICO_AUTH_RECOVERY_KEY only (at least
32 characters, kept apart from the database and never changed); without it, it is derived from
the session secret.

Logs are JSON lines on stdout (errors on stderr): one per request and per event, never a code,
token, key share or full email address. SIGTERM or SIGINT stops taking requests, lets the ones in
flight finish (up to 10 s), closes the database and exits 0; a second signal exits at once.`

async function loadAuth() {
  const dist = new URL('../dist/index.js', import.meta.url)
  if (existsSync(dist) && process.env.PORTICO_AUTH_FROM_SOURCE !== '1') return import(dist.href)
  let tsImport
  try {
    ;({ tsImport } = await import('tsx/esm/api'))
  } catch {
    throw new Error('@portico/auth is not built and tsx is not installed: run `pnpm --filter @portico/auth build`')
  }
  return tsImport('../src/index.ts', import.meta.url)
}

/** `id=origin1,origin2` → `{ id, allowedOrigins }`. */
function parseProject(spec) {
  const at = spec.indexOf('=')
  const id = (at < 0 ? spec : spec.slice(0, at)).trim()
  const origins =
    at < 0
      ? []
      : spec
          .slice(at + 1)
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
  if (!id || origins.length === 0) throw new Error(`--project expects ID=ORIGIN[,ORIGIN...], got "${spec}"`)
  return { id, allowedOrigins: origins }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      project: { type: 'string', multiple: true },
      'smtp-url': { type: 'string' },
      'mail-from': { type: 'string' },
      'public-url': { type: 'string' },
      'app-name': { type: 'string' },
      'frame-origin': { type: 'string', multiple: true },
      'trust-proxy': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const env = process.env
  const port = Number(values.port ?? env.PORT ?? 8790)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port expects 0-65535, got "${values.port}"`)
  const projectSpecs = values.project ?? (env.PORTICO_AUTH_PROJECTS ?? '').split(';').filter((s) => s.trim())
  const projects = projectSpecs.map(parseProject)
  if (projects.length === 0) throw new Error('no project: pass --project ID=ORIGINS or set PORTICO_AUTH_PROJECTS')
  const smtpUrl = values['smtp-url'] ?? env.SMTP_URL
  if (!smtpUrl) throw new Error('no SMTP server: pass --smtp-url or set SMTP_URL')
  const from = values['mail-from'] ?? env.MAIL_FROM
  if (!from) throw new Error('no sender: pass --mail-from or set MAIL_FROM')
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL
  const secret = env.PORTICO_AUTH_SECRET
  const frameOrigins =
    values['frame-origin'] ??
    (env.PORTICO_AUTH_FRAME_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
  const rateLimitText = values['rate-limit'] ?? env.PORTICO_AUTH_RATE_LIMIT
  const rateLimit = rateLimitText === undefined ? undefined : Number(rateLimitText)
  if (rateLimit !== undefined && (!Number.isInteger(rateLimit) || rateLimit < 0))
    throw new Error(`--rate-limit expects a whole number of requests per minute, got "${rateLimitText}"`)
  const log = (level, msg, fields = {}) => {
    const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`
    if (level === 'error') process.stderr.write(line)
    else process.stdout.write(line)
  }
  if (!secret) log('warn', 'config.random_secret', { hint: 'PORTICO_AUTH_SECRET is not set: sessions end on restart' })
  if (frameOrigins.length === 0)
    log('warn', 'config.no_frame_origin', {
      hint: 'no --frame-origin: the secure frame cannot name the page that embeds it, so its calls are refused',
    })

  const { createAuthServer } = await loadAuth()
  const auth = createAuthServer({
    projects,
    mail: { url: smtpUrl, from },
    database: databaseUrl
      ? { url: databaseUrl }
      : { dataDir: values['data-dir'] ?? env.PORTICO_AUTH_DATA_DIR ?? './portico-auth-data' },
    ...(secret ? { secret } : {}),
    ...(env.PORTICO_AUTH_RECOVERY_KEY ? { recoveryKey: env.PORTICO_AUTH_RECOVERY_KEY } : {}),
    ...((values['public-url'] ?? env.PUBLIC_URL) ? { publicUrl: values['public-url'] ?? env.PUBLIC_URL } : {}),
    ...((values['app-name'] ?? env.PORTICO_AUTH_APP_NAME)
      ? { appName: values['app-name'] ?? env.PORTICO_AUTH_APP_NAME }
      : {}),
    trustProxy: values['trust-proxy'] || env.PORTICO_AUTH_TRUST_PROXY === '1',
    frameOrigins,
    ...(rateLimit === undefined ? {} : { rateLimit: rateLimit === 0 ? false : { perMinute: rateLimit } }),
  })
  const started = performance.now()
  // Migrate before taking traffic, so a bad DATABASE_URL fails here and not at the first visitor.
  await auth.ready()
  const url = await auth.listen({ port, host: values.host ?? env.HOST ?? '127.0.0.1' })
  log('info', 'listening', {
    url,
    database: databaseUrl ? 'postgres' : 'pglite',
    readyMs: Math.round(performance.now() - started),
    pid: process.pid,
  })

  let stopping = false
  const shutdown = async (signal) => {
    if (stopping) process.exit(1)
    stopping = true
    log('info', 'shutdown', { signal })
    await auth.close()
    log('info', 'stopped', {})
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error) => {
  console.error(`portico-auth: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
