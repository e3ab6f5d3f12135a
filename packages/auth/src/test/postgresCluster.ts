import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../../scripts/free-port.mjs'

/**
 * A throw-away Postgres server on a loopback port, for tests of the `DATABASE_URL` path.
 * `url` connects as the trusted superuser `portico`.
 */
export interface PostgresCluster {
  url: string
  stop(): Promise<void>
}

/** The folder with initdb / pg_ctl of the newest Postgres installed by apt (or on PATH). */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(root, versions[0], 'bin')
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  const initdb = which.stdout.trim()
  return which.status === 0 && initdb ? join(initdb, '..') : undefined
}

/**
 * Creates a cluster in a temp folder with initdb and starts it with pg_ctl (as the `postgres`
 * user when running as root: Postgres refuses to run as root). Durability is off: it is a test
 * database. Returns `undefined` when no Postgres binaries are installed.
 */
export async function startPostgresCluster(): Promise<PostgresCluster | undefined> {
  const bin = findPostgresBin()
  if (!bin) return undefined
  const isRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'portico-auth-pg-'))
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const run = (command: string, args: string[]) =>
    execFileSync(isRoot ? 'runuser' : command, isRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: 'pipe',
      cwd: dir,
    })
  const data = join(dir, 'data')
  const port = await freePort()
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'portico', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'])
    const settings = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    throw new Error(`Could not start a Postgres cluster: ${stderr || String(error)}`)
  }
  let stopping: Promise<void> | undefined
  return {
    url: `postgres://portico@127.0.0.1:${port}/postgres`,
    stop() {
      stopping ??= (async () => {
        try {
          run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      })()
      return stopping
    },
  }
}
