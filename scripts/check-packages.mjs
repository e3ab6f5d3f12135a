#!/usr/bin/env node
// Publish checks for every package: publint (package.json vs the packed files) and
// arethetypeswrong (types resolve under node10, node16 and bundler resolution), both on what
// `pnpm pack` really ships (pnpm rewrites `workspace:` ranges; npm pack would not).
// Run after the build. The packages are ESM only on purpose, so attw's "a require() resolves
// to ESM" rule is the one rule ignored; ui's `./styles.css` is a stylesheet, not a module.
// Each package is packed once and both linters read that tarball in this process: their CLIs
// packed a second time and started two more Node processes per package (2 cores beside other
// work: 98 s wall, 42 CPU-s → 32 s, 14 CPU-s).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core'
import { problemKindInfo } from '@arethetypeswrong/core/problems'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { root } from './lib.mjs'
import { packPortico } from './pack-portico.mjs'

/** attw's problem kinds this repo accepts (the CLI's `cjs-resolves-to-esm` rule). */
const ignoredKinds = new Set(['CJSResolvesToESM'])
const excludedEntrypoints = ['./styles.css']

/** publint --strict on the tarball: every message counts as a problem, as the CLI's `--strict`. */
async function lint(data) {
  const tarball = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
  const { messages, pkg } = await publint({ pack: { tarball }, strict: true })
  return messages.map((message) => `publint ${message.type}: ${formatMessage(message, pkg, { color: false })}`)
}

/** arethetypeswrong on the tarball, every resolution mode, minus the accepted kinds. */
async function types(data) {
  const analysis = await checkPackage(createPackageFromTarballData(data), {
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
  const tarballs = packPortico(dest, readdirSync(join(root, 'packages')))
  for (const [name, tarball] of Object.entries(tarballs)) {
    const data = new Uint8Array(readFileSync(tarball))
    const problems = [...(await lint(data)), ...(await types(data))]
    console.log(`${problems.length ? '✖' : '✔'} ${name}: publint and attw${problems.length ? '' : ' clean'}`)
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
