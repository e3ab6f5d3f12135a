#!/usr/bin/env node
// Makes sure Debian's Chromium is installed for browser tests (Vitest browser mode, e2e).
// `npx playwright install` cannot download browsers on these machines; apt can.
// Only Node built-ins: this runs before anything is installed. Idempotent: ~10 ms when present.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Debian's Chromium, the browser users run: the bench measures it, and a test that needs a setting
 * of a browser profile (third-party storage blocked, `storageContext` in tests/e2e/browser.ts)
 * launches it, since only the full browser reads a profile's preferences.
 */
export const chromiumPath = '/usr/bin/chromium'

/**
 * Debian's build of Chromium's headless shell (the same engine without the browser's UI layer;
 * what Playwright itself runs for headless tests by default). The tests run it: the same files took
 * about a fifth less CPU than in the full browser on a quiet 2-core machine (an e2e file of social
 * logins 75 → 63 CPU-s, 94 → 74 s; the visual suite and two view files 113 → 88 CPU-s), with the
 * same screenshots. The binary itself, not `/usr/bin`'s shell wrapper, so the process Playwright
 * stops is the browser.
 */
export const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell'

/**
 * Context permissions for the headless shell, so that a frame gets storage as in the full browser.
 * A frame that already has storage access (the secure frame on a port of the same site as its page)
 * gets it again from `document.requestStorageAccess()` without asking, as the Storage Access API
 * says and the full browser does; the shell has no such grant of its own and refuses, logging
 * "requestStorageAccess: Permission denied.". Pass it as a context's `permissions`.
 */
export const headlessShellPermissions = ['storage-access']

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

function versionOf(path) {
  const { ok, stdout } = sh(path, ['--version'], { inherit: false })
  return ok ? stdout.trim() : undefined
}

/**
 * Installs Debian's `chromium` and `chromium-headless-shell` with apt when either is missing (as
 * root, else through `sudo -n`), then checks both answer `--version`. Returns the browser's
 * version string; throws when they cannot be installed.
 */
export function ensureChromium({ log = console.log } = {}) {
  const paths = [chromiumPath, headlessShellPath]
  if (paths.every(existsSync)) {
    const versions = paths.map(versionOf)
    if (versions.every(Boolean)) {
      log(`chromium: present (${versions[0]}; headless shell ${versions[1]})`)
      return versions[0]
    }
    log('chromium: present but `--version` failed; reinstalling')
  }
  const isRoot = process.getuid?.() === 0
  const asRoot = (args) => (isRoot ? sh(args[0], args.slice(1)) : sh('sudo', ['-n', ...args]))
  log(
    `chromium: missing; installing chromium and chromium-headless-shell with apt${isRoot ? '' : ' (through sudo -n)'}`,
  )
  const started = Date.now()
  if (!asRoot(['apt-get', 'update']).ok) throw new Error('chromium: `apt-get update` failed')
  if (!asRoot(['apt-get', 'install', '-y', 'chromium', 'chromium-headless-shell']).ok) {
    throw new Error(
      'chromium: `apt-get install -y chromium chromium-headless-shell` failed (root or passwordless sudo needed)',
    )
  }
  const missing = paths.filter((path) => !versionOf(path))
  if (missing.length > 0) throw new Error(`chromium: installed, but \`${missing.join('`, `')} --version\` failed`)
  log(`chromium: installed ${versionOf(chromiumPath)} in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  return versionOf(chromiumPath)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureChromium()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
