#!/usr/bin/env node
// `npm test`: everything CI checks, cheapest first (install, lint, types, build, Storybook, publish
// checks, the consumer test, tests), with steps that need nothing from each other side by side.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'
import { ensurePostgres } from './ensure-postgres.mjs'
import { digestFile } from './failure-digest.mjs'
import { beside, install, pnpm, root, settle, step } from './lib.mjs'

const report = join(root, 'node_modules', '.vitest-report.json')

await install()
await pnpm(['exec', 'biome', 'check', '.'], { env: { FORCE_COLOR: '0' } })
// Steps that read only the sources run beside the build (tsup's JavaScript and tsgo's declarations
// for the seven packages: 23 s wall and 35 CPU-s alone on a quiet 2-core machine, where tsup's
// declaration bundler and tsc took 75 s and 135 CPU-s).
const npxPnpm = (args, env) => ({
  command: 'npx',
  args: ['-y', 'pnpm@9', ...args],
  label: `pnpm ${args.join(' ')}`,
  env,
})
const sourceChecks = beside([
  // One program over the packages, stories and tests (each file checked once: a package's own
  // `typecheck` also checks the sources of the packages it imports). The two apps, whose settings
  // differ (Vite's and Next's types), are checked after the build (below). TypeScript's native
  // compiler (tsgo): 19 s and 22 CPU-s alone where tsc took 42 s and 58 CPU-s. One thread: here every
  // core is busy anyway, and its parallel checkers cost a third more CPU for the same work (the
  // packages' declaration builds run on one thread for the same reason).
  npxPnpm(['typecheck:sources', '--singleThreaded'], { FORCE_COLOR: '0' }),
  // Storybook builds offline only without telemetry (otherwise ~10 s of failed calls); it reads
  // the packages' sources (the `portico-source` condition), not their builds. `--test` is Storybook's
  // build for checks: every story compiled and bundled, without the docs pages, component docgen and
  // source maps nobody reads here (half the CPU: 17.4 → 7.9 s alone on a quiet 2-core machine).
  npxPnpm(['--filter', '@portico/stories', 'build-storybook', '--test'], { STORYBOOK_DISABLE_TELEMETRY: '1' }),
])
await pnpm(['-r', '--filter', './packages/*', 'build'])
// The `browser` Vitest project drives Debian's Chromium (apt; Playwright cannot download browsers here).
step('ensure chromium', () => ensureChromium())
// The auth server's suite also runs on a real Postgres server (Debian's, through apt).
step('ensure postgres', () => ensurePostgres())
// The steps that need the build run beside the tests, which leave a core idle about a sixth of
// their run on 2 cores (browser files waiting on Chromium, e2e files on their servers and pages):
// - every package packed once for this build (scripts/pack-portico.mjs): the publish checks, the
//   consumer test and the page-start budgets (a Vitest file) copy these tarballs instead of each
//   packing the same build again;
// - a stranger's install: the packed packages in fresh Vite and Next.js apps outside the workspace,
//   whose sources are README.md's code blocks; type-checked strictly, built and driven in Chromium;
// - what would be published: the two apps type-checked as a host's app sees the packages, through
//   their built declarations (sources already checked once above: the demo's check fell from 32 to
//   9 CPU-s, the Next app's from 19 to 5); then publint + arethetypeswrong on each packed package
//   (by then the tarballs above are there; were they not, it packs its own).
const packed = join(root, 'node_modules', '.portico-packed')
process.env.PORTICO_PACKED_DIR = packed
rmSync(packed, { recursive: true, force: true })
const consumerTest = beside([
  { command: 'node', args: ['scripts/pack-portico.mjs', packed], label: 'pack every package once' },
  {
    command: 'node',
    args: ['tests/consumer/run.mjs'],
    label: 'consumer test (packed packages in Vite and Next.js apps)',
  },
])
const publishChecks = beside([
  npxPnpm(['--filter', './apps/*', 'typecheck:built'], { FORCE_COLOR: '0' }),
  { command: 'node', args: ['scripts/check-packages.mjs'], label: 'publint + attw on every package' },
])
rmSync(report, { force: true })
rmSync(digestFile, { force: true })
// Both Vitest projects: `unit` (node/happy-dom) and `browser` (real Chromium); one JSON report.
// The `e2e` project runs too; tests/e2e/next.test.ts builds apps/next (`next build`, using the packages built above).
// PORTICO_TEST_SCHEDULE=split: the unit files that start nothing run with the e2e files, three at a time,
// instead of one at a time beside the browser project (see vitest.config.ts).
// A failure here still waits for the steps beside it, so their outcome is reported too.
const tests = await pnpm(
  [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./scripts/failure-digest.mjs',
  ],
  {
    env: { CI: process.env.CI ?? 'true', PORTICO_TEST_SCHEDULE: 'split' },
    keepGoing: true,
  },
)
// What Vitest found failed is repeated as the log's last lines, after the outputs of the steps
// beside it (and however the process ends), so that the tail of the log names it.
if (tests !== 0) {
  process.once('exit', () => {
    console.error('\n✖ Vitest failed. What failed (also in its output above):\n')
    console.error(
      existsSync(digestFile)
        ? readFileSync(digestFile, 'utf8')
        : 'Vitest named no failed test, file or unhandled error: it failed before or after the tests (see its output above).',
    )
  })
}
await settle(sourceChecks, publishChecks, consumerTest)
if (tests !== 0) process.exit(typeof tests === 'number' ? tests : 1)

// The plain closing line CI reads, from vitest's own JSON report.
const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'))
console.log(
  `\nAll checks passed.\nTests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`,
)
