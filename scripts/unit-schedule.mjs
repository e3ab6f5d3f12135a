// Which unit test files `npm test` runs one at a time beside the browser project, and which two at
// a time beside the e2e project. Only Node built-ins: vitest.config.ts imports this.
//
// Why: Vitest runs the unit and browser projects together (one worker each on 2 cores), then the
// e2e project (two workers). The unit project alone takes far longer than the browser project, so
// for most of its run one core idled. In `npm test` the unit files that start nothing and read no
// shared devnet (most of them: pure logic, forms, locales, DOM-free helpers) move to the e2e group,
// where they fill the second worker's slots after the long e2e files. Never more than two test
// files run at once, as before.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * What marks a unit test file as one that runs one at a time: it reads the project's shared
 * devnet (`inject`, or a helper that does), starts servers, processes, chains or databases, or
 * measures time. A file wrongly left out of this list and reading the shared devnet fails at once
 * (the two-at-a-time project provides no devnet), it never races another file.
 */
const runsAlone = new RegExp(
  [
    String.raw`\binject\(`,
    // Helpers that read the shared devnet or start a devnet (or compile contracts) of their own.
    'devnetSuite',
    'walletConnectSuite',
    'storedCacheSuite',
    'hookHarness',
    'onrampHookSetup',
    'devnetChain',
    'authInbox',
    'analyticsEvents',
    'polkadotExtension',
    'keplrWallet',
    'paymasterDevnet',
    'smartWallet',
    // Devnet pieces, processes, databases, browsers (in-process HTTP servers on a free port are fine).
    '@portico/devnet',
    'devnet/src',
    String.raw`\bstart(Devnet|Anvil|Relay|SolanaRpc|ApiEmulator|Farcaster|DevnetAuth|MailInbox|SocialProviders|AccountAbstraction|WebWallet|PostgresCluster|AuthProcess|SecureFrame|Bundler|Paymaster)\(`,
    'node:child_process',
    'node:worker_threads',
    '@portico/auth',
    'pglite',
    'postgres',
    'playwright',
    'chromium',
    // Time measured against the clock could stretch beside an e2e file.
    String.raw`performance\.now`,
    String.raw`Date\.now`,
  ].join('|'),
)

const testFile = /\.test\.tsx?$/
const browserTestFile = /\.browser\.test\.tsx?$/

function walk(dir, out) {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '__screenshots__') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (testFile.test(entry.name) && !browserTestFile.test(entry.name)) out.push(path)
  }
  return out
}

/**
 * The unit project's files (`packages/*\/src/**`, `tests/integration/**`), split into those that run
 * one at a time and those that may run two at a time. Paths are relative to `root`, with `/`.
 * @param {string} root the repository root
 * @returns {{ alone: string[], twoAtATime: string[] }}
 */
export function unitSchedule(root) {
  const files = []
  for (const pkg of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    if (pkg.isDirectory()) walk(join(root, 'packages', pkg.name, 'src'), files)
  }
  walk(join(root, 'tests', 'integration'), files)
  const alone = []
  const twoAtATime = []
  for (const file of files.sort()) {
    const path = relative(root, file).split('\\').join('/')
    ;(runsAlone.test(readFileSync(file, 'utf8')) ? alone : twoAtATime).push(path)
  }
  return { alone, twoAtATime }
}
