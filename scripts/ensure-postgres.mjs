#!/usr/bin/env node
// Makes sure Debian's Postgres server binaries are installed for the auth server's Postgres tests
// (packages/auth starts its own throw-away cluster on a loopback port; nothing listens on 5432).
// Only Node built-ins: this runs before anything is installed. Idempotent: ~10 ms when present.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = '/usr/lib/postgresql'

/** The newest installed `/usr/lib/postgresql/<version>/bin` with initdb, if any. */
export function postgresBin() {
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

function sh(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

/**
 * Installs `postgresql` with apt when no server binaries are present (as root, else through
 * `sudo -n`). The tests never use the package's default cluster (they start their own on a free
 * loopback port). Returns the bin folder; throws on failure.
 */
export function ensurePostgres({ log = console.log } = {}) {
  const present = postgresBin()
  if (present) {
    log(`postgres: present (${present})`)
    return present
  }
  const isRoot = process.getuid?.() === 0
  const asRoot = (args) => (isRoot ? sh(args[0], args.slice(1)) : sh('sudo', ['-n', ...args]))
  log(`postgres: server binaries missing; installing with apt${isRoot ? '' : ' (through sudo -n)'}`)
  const started = Date.now()
  if (!asRoot(['apt-get', 'update'])) throw new Error('postgres: `apt-get update` failed')
  if (!asRoot(['apt-get', 'install', '-y', '--no-install-recommends', 'postgresql'])) {
    throw new Error('postgres: `apt-get install -y postgresql` failed (root or passwordless sudo needed)')
  }
  const bin = postgresBin()
  if (!bin) throw new Error(`postgres: installed, but no ${root}/<version>/bin/initdb`)
  log(`postgres: installed ${bin} in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  return bin
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensurePostgres()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
