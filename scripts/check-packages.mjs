#!/usr/bin/env node
// Publish checks for every package: publint (package.json vs the packed files) and
// arethetypeswrong (types resolve under node10, node16 and bundler resolution), both on what
// `pnpm pack` really ships (pnpm rewrites `workspace:` ranges; npm pack would not).
// Run after the build. The packages are ESM only on purpose, so attw's "a require() resolves
// to ESM" rule is the one rule ignored; ui's `./styles.css` is a stylesheet, not a module.
// Each package is packed once and both linters read that tarball in this process: their CLIs
// packed a second time and started two more Node processes per package (2 cores beside other
// work: 98 s wall, 42 CPU-s → 32 s, 14 CPU-s).
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core'
import { problemKindInfo } from '@arethetypeswrong/core/problems'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { root } from './lib.mjs'
import { pnpmCommand, pnpmEnv } from './pnpm-bin.mjs'

/** attw's problem kinds this repo accepts (the CLI's `cjs-resolves-to-esm` rule). */
const ignoredKinds = new Set(['CJSResolvesToESM'])
const excludedEntrypoints = ['./styles.css']

/** `pnpm pack` into `dest`; resolves to the tarball's path. */
function pack(dir, dest) {
  const before = new Set(readdirSync(dest))
  return new Promise((resolve, reject) => {
    const child = spawn(pnpmCommand[0], [...pnpmCommand[1], 'pack', '--pack-destination', dest], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...pnpmEnv, FORCE_COLOR: '0' },
    })
    child.on('error', reject)
    child.on('close', (code) => {
      const tarball = readdirSync(dest).find((file) => !before.has(file))
      if (code !== 0 || !tarball) reject(new Error(`pnpm pack failed in ${dir} (exit ${code})`))
      else resolve(join(dest, tarball))
    })
  })
}

/** publint --strict on the tarball: every message counts as a problem, as the CLI's `--strict`. */
async function lint(tarball) {
  const data = readFileSync(tarball)
  const tarballBuffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
  const { messages, pkg } = await publint({ pack: { tarball: tarballBuffer }, strict: true })
  return messages.map((message) => `publint ${message.type}: ${formatMessage(message, pkg, { color: false })}`)
}

/** arethetypeswrong on the tarball, every resolution mode, minus the accepted kinds. */
async function types(tarball) {
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))), {
    excludeEntrypoints: excludedEntrypoints,
  })
  if (!analysis.types) return []
  return analysis.problems
    .filter((problem) => !ignoredKinds.has(problem.kind))
    .map(({ kind, trace: _trace, ...where }) => `attw ${problemKindInfo[kind].title}: ${JSON.stringify(where)}`)
}

const dest = mkdtempSync(join(tmpdir(), 'portico-pack-check-'))
let failed = false
try {
  for (const name of readdirSync(join(root, 'packages'))) {
    const tarball = await pack(join(root, 'packages', name), dest)
    const problems = [...(await lint(tarball)), ...(await types(tarball))]
    console.log(`${problems.length ? '✖' : '✔'} @portico/${name}: publint and attw${problems.length ? '' : ' clean'}`)
    for (const problem of problems) console.log(`  ${problem}`)
    if (problems.length) failed = true
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  failed = true
} finally {
  rmSync(dest, { recursive: true, force: true })
}
if (failed) {
  console.error('check-packages: publint or attw found problems (see above)')
  process.exit(1)
}
