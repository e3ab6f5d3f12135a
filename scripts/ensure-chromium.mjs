#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for browser tests (Vitest browser mode, e2e).
// `npx playwright install` cannot download browsers on these machines; apt can.
// Only Node built-ins: this runs before anything is installed. Idempotent: ~10 ms when present.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const chromiumPath = '/usr/bin/chromium'

/** Flags that make Debian Chromium run headless, sandbox-free and silent (no background network). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

function sh(command, args, { inherit = true } = {}) {
  const result = spawnSync(command, args, {
    stdio: inherit ? 'inherit' : 'pipe',
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return { ok: result.status === 0, stdout: result.stdout ?? '', error: result.error }
}

function chromiumVersion() {
  const { ok, stdout } = sh(chromiumPath, ['--version'], { inherit: false })
  return ok ? stdout.trim() : undefined
}

/**
 * Installs Chromium with apt when `/usr/bin/chromium` is missing (as root, else through `sudo -n`),
 * then checks `chromium --version`. Returns the version string; throws when it cannot be installed.
 */
export function ensureChromium({ log = console.log } = {}) {
  if (existsSync(chromiumPath)) {
    const version = chromiumVersion()
    if (version) {
      log(`chromium: present (${version})`)
      return version
    }
    log(`chromium: ${chromiumPath} exists but \`--version\` failed; reinstalling`)
  }
  const isRoot = process.getuid?.() === 0
  const asRoot = (args) => (isRoot ? sh(args[0], args.slice(1)) : sh('sudo', ['-n', ...args]))
  log(`chromium: ${chromiumPath} missing; installing with apt${isRoot ? '' : ' (through sudo -n)'}`)
  const started = Date.now()
  if (!asRoot(['apt-get', 'update']).ok) throw new Error('chromium: `apt-get update` failed')
  if (!asRoot(['apt-get', 'install', '-y', 'chromium']).ok) {
    throw new Error('chromium: `apt-get install -y chromium` failed (root or passwordless sudo needed)')
  }
  const version = chromiumVersion()
  if (!version) throw new Error(`chromium: installed, but \`${chromiumPath} --version\` failed`)
  log(`chromium: installed ${version} in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  return version
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureChromium()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
