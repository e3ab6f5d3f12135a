import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { unitSchedule } from '../../scripts/unit-schedule.mjs'

// A throwaway repository whose test files each show one way a file earns its place in `npm test`.
const root = mkdtempSync(join(tmpdir(), 'portico-unit-schedule-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function file(path: string, code: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), code)
}

file(
  'packages/a/src/pure.test.ts',
  "import { expect, test } from 'vitest'\ntest('adds', () => expect(1 + 1).toBe(2))\n",
)
file('packages/a/src/hook.test.tsx', "import { renderConnected } from '../../test/hookHarness.js'\n")
file('packages/a/src/injected.test.ts', "const devnet = inject('devnet')\n")
file('packages/a/src/ownDevnet.test.ts', "import { devnetSuite } from '../test/devnetSuite.js'\n")
file('packages/a/src/timed.test.ts', 'const t0 = performance.now()\n')
// Starters named only in whole-line comments (its pair in a PGlite test, a devnet it needs not).
file(
  'packages/a/src/commented.test.ts',
  "// The flow with a database is in keys.pglite.test.ts; no startDevnet( here.\n/*\n * inject('devnet') is not read\n */\nconst x = 1\n",
)
// A starter after code on its line still counts.
file('packages/a/src/trailing.test.ts', 'const db = 1 // then openTestDatabase()\n')
file('packages/a/src/testWallet.test.ts', "import { startAnvil } from '@portico/devnet'\nstops.push(wallet.inject())\n")
file('packages/a/src/relay.test.ts', "import { walletConnectSuite } from '../test/walletConnectSuite.js'\n")
file('packages/a/src/sdk.test.ts', "import { SignClient } from '@walletconnect/sign-client'\n")
file('packages/a/src/sdkLater.test.ts', "const { Core } = await import('@walletconnect/core')\n")
file('packages/a/src/sdkHelpers.test.ts', "import { parseUri } from '@walletconnect/utils'\n")
file('packages/a/src/injectedWithServer.test.ts', "import { startAnvil } from '@portico/devnet'\ninject('devnet')\n")
file('packages/a/src/clock.test.ts', "const t0 = performance.now()\nconst devnet = inject('devnet')\n")
file('packages/a/src/hookWithProcess.test.ts', "import 'node:child_process'\nimport '../test/hookHarness.js'\n")
file(
  'packages/a/src/solana.test.ts',
  "import { createTestSolanaWallet } from '../testing/solanaWallet.js'\nstops.push((await createTestSolanaWallet()).register())\n",
)
// A test wallet used directly (never registered), the stateless Wallet Standard helpers and a
// passkey's `register(options…)` keep no registry.
file(
  'packages/a/src/unregistered.test.ts',
  "import { createTestSolanaWallet } from '../testing/solanaWallet.js'\nimport { verifySignIn } from '@solana/wallet-standard-util'\nconst response = passkey.register(options.body.options.challenge)\n",
)
file('packages/a/src/registry.test.ts', "import { getWallets } from '@wallet-standard/app'\n")
file('packages/a/src/view.browser.test.tsx', "const devnet = inject('devnet')\n")
file('packages/a/src/node_modules/dep/x.test.ts', '')
file('packages/a/dist/x.test.ts', '')
file('tests/integration/flow.test.ts', "const devnet = inject('devnet')\n")
// The devnet package's own files: one that starts something runs later, beside the e2e files; one
// that reads the shared devnet or starts nothing keeps its usual place.
file('packages/devnet/src/emulator.test.ts', "import { startApiEmulator } from './api/server.js'\nstartApiEmulator()\n")
file('packages/devnet/src/injected.test.ts', "const devnet = inject('devnet')\n")
file('packages/devnet/src/pure.test.ts', 'const x = 1\n')

const schedule = unitSchedule(root)

test('a file that starts nothing and reads no shared devnet shares the graph of the pure files', () => {
  // Reading the clock is no reason to set a file apart: every unit file runs one at a time.
  expect(schedule.pure).toEqual([
    'packages/a/src/commented.test.ts',
    'packages/a/src/pure.test.ts',
    'packages/a/src/sdkHelpers.test.ts',
    'packages/a/src/timed.test.ts',
    'packages/a/src/unregistered.test.ts',
    'packages/devnet/src/pure.test.ts',
  ])
})

test('a file that only reads the shared devnet in process shares one module graph, one file at a time', () => {
  expect(schedule.sharedDevnet).toEqual([
    'packages/a/src/clock.test.ts',
    'packages/a/src/hook.test.tsx',
    'packages/a/src/injected.test.ts',
    'packages/devnet/src/injected.test.ts',
    'tests/integration/flow.test.ts',
  ])
})

test('a file that starts what it needs, and reads no shared devnet, shares one graph with the others that do', () => {
  // A test wallet's `wallet.inject()` is not Vitest's `inject`: the file reads no shared devnet.
  expect(schedule.oneGraph).toEqual([
    'packages/a/src/ownDevnet.test.ts',
    'packages/a/src/testWallet.test.ts',
    'packages/a/src/trailing.test.ts',
  ])
})

test("the devnet package's files that start what they need run later, three at a time, beside the e2e files", () => {
  expect(schedule.oneGraphLate).toEqual(['packages/devnet/src/emulator.test.ts'])
  expect(schedule.oneGraph).not.toContain('packages/devnet/src/emulator.test.ts')
})

test("a file that keeps a Wallet Standard registry or WalletConnect's SDK, or starts something and reads the shared devnet, runs alone in its own graph", () => {
  expect(schedule.alone).toEqual([
    'packages/a/src/hookWithProcess.test.ts',
    'packages/a/src/injectedWithServer.test.ts',
    'packages/a/src/registry.test.ts',
    'packages/a/src/relay.test.ts',
    'packages/a/src/sdk.test.ts',
    'packages/a/src/sdkLater.test.ts',
    'packages/a/src/solana.test.ts',
  ])
})

test("browser files, installed and built folders are none of the unit project's", () => {
  const all = [
    ...schedule.alone,
    ...schedule.oneGraph,
    ...schedule.oneGraphLate,
    ...schedule.sharedDevnet,
    ...schedule.pure,
  ]
  expect(all.some((path) => path.includes('browser') || path.includes('node_modules') || path.includes('dist'))).toBe(
    false,
  )
})

test("the repository's own files each land in exactly one list", () => {
  const repository = unitSchedule(join(dirname(new URL(import.meta.url).pathname), '..', '..'))
  const all = [
    ...repository.alone,
    ...repository.oneGraph,
    ...repository.oneGraphLate,
    ...repository.sharedDevnet,
    ...repository.pure,
  ]
  expect(new Set(all).size).toBe(all.length)
  expect(repository.oneGraphLate).toContain('packages/devnet/src/cli.test.ts')
  expect(repository.oneGraphLate.every((path) => path.startsWith('packages/devnet/'))).toBe(true)
  expect(repository.sharedDevnet.length).toBeGreaterThan(0)
  expect(repository.oneGraph.length).toBeGreaterThan(0)
  expect(repository.sharedDevnet).not.toContain('packages/headless/src/testing/solanaWallet.test.ts')
  expect(repository.alone).toContain('packages/headless/src/features/walletconnect/walletConnect.devnet.test.ts')
  expect(repository.alone).toContain('packages/headless/src/features/calls/sendCalls.paymaster.devnet.test.ts')
})
