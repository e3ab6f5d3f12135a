#!/usr/bin/env node
// `npm test`: everything CI checks, in order of cost: install, lint, types, build, tests.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { install, pnpm, root } from './lib.mjs'

const report = join(root, 'node_modules', '.vitest-report.json')

install()
pnpm(['exec', 'biome', 'check', '.'], { env: { FORCE_COLOR: '0' } })
pnpm(['-r', 'typecheck'])
pnpm(['-r', '--filter', './packages/*', 'build'])
rmSync(report, { force: true })
pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  env: { CI: process.env.CI ?? 'true' },
})

// The plain closing line CI reads, from vitest's own JSON report.
const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'))
console.log(
  `\nAll checks passed.\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
)
