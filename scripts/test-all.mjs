#!/usr/bin/env node
// `npm test`: everything CI checks, in order of cost: install, lint, types, build, Storybook, tests.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres } from './ensure-postgres.mjs'
import { install, pnpm, root, run, step } from './lib.mjs'

const report = join(root, 'node_modules', '.vitest-report.json')

install()
pnpm(['exec', 'biome', 'check', '.'], { env: { FORCE_COLOR: '0' } })
// One program over the packages, stories and tests (each file checked once: a package's own
// `typecheck` also checks the sources of the packages it imports), then the two apps, whose
// settings differ (Vite's and Next's types).
pnpm(['typecheck'])
pnpm(['-r', '--filter', './packages/*', 'build'])
// What would be published: publint + arethetypeswrong on each packed package.
run('node', ['scripts/check-packages.mjs'], { label: 'publint + attw on every package' })
// Storybook builds offline only without telemetry (otherwise ~10 s of failed calls).
pnpm(['--filter', '@portico/stories', 'build-storybook'], { env: { STORYBOOK_DISABLE_TELEMETRY: '1' } })
// The `browser` Vitest project drives Debian's Chromium (apt; Playwright cannot download browsers here).
step('ensure chromium', () => ensureChromium())
// The auth server's suite also runs on a real Postgres server (Debian's, through apt).
step('ensure postgres', () => ensurePostgres())
// A stranger's install: the packed packages in fresh Vite and Next.js apps outside the workspace,
// whose sources are README.md's code blocks; type-checked strictly, built and driven in Chromium.
run('node', ['tests/consumer/run.mjs'], { label: 'consumer test (packed packages in Vite and Next.js apps)' })
rmSync(report, { force: true })
// Both Vitest projects: `unit` (node/happy-dom) and `browser` (real Chromium); one JSON report.
// The `e2e` project runs too; tests/e2e/next.test.ts builds apps/next (`next build`, using the packages built above).
pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
  env: { CI: process.env.CI ?? 'true' },
})

// The plain closing line CI reads, from vitest's own JSON report.
const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'))
console.log(
  `\nAll checks passed.\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
)
