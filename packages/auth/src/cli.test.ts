import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type MailInbox, startMailInbox } from '../../devnet/src/mail/inbox.js'
import { newDeviceId } from './test/client.js'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './test/postgresCluster.js'

const bin = fileURLToPath(new URL('../bin/portico-auth.mjs', import.meta.url))

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Test the sources, not a possibly stale dist/.
    env: { ...process.env, PORTICO_AUTH_FROM_SOURCE: '1', PORT: '0', ...env },
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const lines: string[] = []
  // The log is JSON lines; the one that says where the server listens comes once it is ready.
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line)
      if (line.includes('"msg":"listening"')) resolve(line)
    })
    exited.then(() => reject(new Error(`portico-auth exited: ${stderr}`)))
  })
  // Runs that are expected to fail never read their first line.
  firstLine.catch(() => undefined)
  return { child, exited, firstLine, lines, stderr: () => stderr }
}

describe('portico-auth CLI', () => {
  test('behavior: refuses to start without a project, SMTP server or sender', async () => {
    const none = run([], { PORTICO_AUTH_PROJECTS: '', SMTP_URL: '', MAIL_FROM: '' })
    expect(await none.exited).toBe(1)
    expect(none.stderr()).toContain('no project: pass --project ID=ORIGINS or set PORTICO_AUTH_PROJECTS')
    const bad = run(['--project', 'only-an-id'], {})
    expect(await bad.exited).toBe(1)
    expect(bad.stderr()).toContain('--project expects ID=ORIGIN[,ORIGIN...], got "only-an-id"')
  })

  describe.skipIf(findPostgresBin() === undefined)('on a Postgres server (DATABASE_URL)', () => {
    let cluster: PostgresCluster | undefined
    let inbox: MailInbox
    beforeAll(async () => {
      ;[cluster, inbox] = await Promise.all([startPostgresCluster(), startMailInbox()])
    }, 120_000)
    afterAll(async () => {
      await Promise.all([cluster?.stop(), inbox?.stop()])
    })

    test('default: migrates, serves a login, stops on SIGTERM', async () => {
      const cli = run(['--project', 'cli-project=http://127.0.0.1:*', '--mail-from', 'login@portico.test'], {
        DATABASE_URL: cluster!.url,
        SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
        PORTICO_AUTH_SECRET: randomBytes(32).toString('hex'),
      })
      const line = JSON.parse(await cli.firstLine) as { level: string; msg: string; url: string; database: string }
      expect(line).toMatchObject({ level: 'info', msg: 'listening', database: 'postgres' })
      expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const url = line.url
      const email = `cli-${randomBytes(3).toString('hex')}@example.com`
      const res = await fetch(`${url}/v1/email/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-project-id': 'cli-project',
          'x-portico-origin': 'http://127.0.0.1:3000',
          'x-portico-device': newDeviceId(),
        },
        body: JSON.stringify({ email }),
      })
      expect(await res.json()).toMatchObject({ action: 'VERIFY_OTP' })
      expect((await inbox.waitFor(email)).code).toMatch(/^\d{6}$/)
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
    })
  })
})
