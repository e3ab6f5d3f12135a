#!/usr/bin/env node
// Publish checks for every package: publint (package.json vs the packed files) and
// arethetypeswrong (types resolve under node10, node16 and bundler resolution), both on what
// `pnpm pack` really ships (pnpm rewrites `workspace:` ranges; npm pack would not).
// Run after the build. The packages are ESM only on purpose, so attw's "a require() resolves
// to ESM" rule is the one rule ignored; ui's `./styles.css` is a stylesheet, not a module.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './lib.mjs'
import { pnpmCommand, pnpmEnv } from './pnpm-bin.mjs'

const packages = readdirSync(join(root, 'packages'))
const dest = mkdtempSync(join(tmpdir(), 'portico-pack-check-'))
let failed = false

function exec(args, cwd = root, stdio = 'inherit') {
  const result = spawnSync(pnpmCommand[0], [...pnpmCommand[1], ...args], {
    cwd,
    stdio,
    env: { ...pnpmEnv, FORCE_COLOR: '0' },
  })
  if (result.status !== 0) failed = true
}

try {
  for (const name of packages) {
    const dir = join(root, 'packages', name)
    const before = new Set(readdirSync(dest))
    exec(['pack', '--pack-destination', dest], dir, ['ignore', 'ignore', 'inherit'])
    const tarball = readdirSync(dest).find((file) => !before.has(file))
    exec(['exec', 'publint', '--strict', '--pack', 'pnpm', dir])
    if (!tarball) {
      failed = true
      continue
    }
    exec([
      'exec',
      'attw',
      join(dest, tarball),
      '--format',
      'ascii',
      '--ignore-rules',
      'cjs-resolves-to-esm',
      '--exclude-entrypoints',
      './styles.css',
    ])
  }
} finally {
  rmSync(dest, { recursive: true, force: true })
}
if (failed) {
  console.error('check-packages: publint or attw found problems (see above)')
  process.exit(1)
}
