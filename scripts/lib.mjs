// Shared by the README's two commands. Only Node built-ins: these run before anything is installed.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Runs a command in the repo root with inherited output; exits the process on failure. */
export function run(command, args, { label = `${command} ${args.join(' ')}`, env = {} } = {}) {
  const started = Date.now()
  console.log(`\n▶ ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal}) after ${seconds}s`)
    process.exit(result.status || 1)
  }
  console.log(`✔ ${label} (${seconds}s)`)
}

/** Runs an in-process step with the same framing as `run`; exits the process when it throws. */
export function step(label, fn) {
  const started = Date.now()
  console.log(`\n▶ ${label}`)
  try {
    fn()
  } catch (error) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.error(`✖ ${label} failed after ${seconds}s: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`)
}

/** pnpm through npx, as the README promises: no corepack, no global install. */
export function pnpm(args, options) {
  run('npx', ['-y', 'pnpm@9', ...args], { label: `pnpm ${args.join(' ')}`, ...options })
}

/** Installs the workspace exactly as locked. */
export function install() {
  pnpm(['install', '--frozen-lockfile', '--prefer-offline'])
}
