// Which unit test files `npm test` runs in their own module graph each, and which share one graph
// per kind. Only Node built-ins: vitest.config.ts imports this.
//
// Why: in `npm test` the unit files run one at a time beside the browser project (one worker each
// on 2 cores), then the e2e project runs two files at a time. Measured on quiet fresh-clone runs:
// with only the files that start something beside the browser files, those ended at 507 s and the
// browser files at 622 s, while the 74 files that only read the shared devnet (17 s of tests) ran
// on their own after everything (980 to 1,081 s, with the pure files): they now run in the first
// group. With the 277 files that start nothing (80 s) there too, the unit files ended at 643 s and
// the browser files at 578 s: those run after the e2e files, with them three at a time.
//
// A file's own module graph costs about a second to load (viem, the kit, React), more than most of
// these files' tests take. Most files therefore run with `isolate: false`: one worker keeps its
// modules from file to file. Measured on a quiet 2-core machine:
// - before the Wallet Standard files were set apart: 56 shared-devnet files 71 s → 18 s, 201 pure
//   files 92 s → 61 s;
// - the 74 files that start their own servers, processes or databases (or read the clock) in one
//   graph beside the browser project: that first group 569 s → 480 s.
// Each file still gets its own environment, setup files and Portico instances; what it shares is
// module-level state, which is why a file that registers a Wallet Standard wallet keeps its own
// graph (`@wallet-standard/app` binds its registry to the first `window` it sees), as do files that
// use WalletConnect's SDK. Files in one graph must not depend on their order: a run with the files
// shuffled passes (`--sequence.shuffle.files`).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Reads the project's shared devnet in process: Vitest's `inject` (a bare call, not a test wallet's
 * `wallet.inject()`), or a helper that does. Such a file runs one at a time (its tests share the
 * devnet's accounts); a file wrongly left out of this list fails at once (the projects of the other
 * kinds provide no devnet).
 */
const sharedDevnetReaders = [String.raw`(?<![.\w])inject\(`, 'hookHarness', 'storedCacheSuite', 'onrampHookSetup']

/** Starts a devnet (or compiles contracts) of its own, servers, processes, chains, databases or browsers. */
const starters = [
  'devnetSuite',
  'walletConnectSuite',
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
  'openTestDatabase',
  'postgres',
  'playwright',
  'chromium',
]

/**
 * Needs a module graph of its own: the Wallet Standard registry lives in `@wallet-standard/app`'s
 * module, bound to the first `window` it sees, so a wallet registered in a later file's window
 * would never reach it. What counts is the registry and a registration (a test wallet's
 * `register()`); a test wallet used directly, and the stateless `@solana/wallet-standard-*`
 * helpers, do not (each file set apart costs its own module graph, ~3 s on a busy 2-core machine).
 */
const moduleStateKeepers = ['@wallet-standard/app', String.raw`\.register\(\w*\)`]

/**
 * Needs a module graph of its own: WalletConnect's SDK keeps its core, relay socket and heartbeat in
 * module state. Beside another file in one graph, its requests went unanswered (30-60 s timeouts in
 * the WalletConnect, page-return, relay-fault and paymaster files, which use its test suite). An
 * import of its client or core counts, static or dynamic; a mere mention of the name (a size budget's
 * key) does not. Its stateless helpers (`@walletconnect/utils`) are not named: files of pure logic use
 * them.
 */
const sdkStateKeepers = [
  'walletConnectSuite',
  String.raw`(from |import\()'@walletconnect/(sign-client|core)'`,
  String.raw`\bstartRelay\(`,
]

const pattern = (parts) => new RegExp(parts.join('|'))
const runsAlone = pattern([...sharedDevnetReaders, ...starters, ...moduleStateKeepers, ...sdkStateKeepers])
const readsSharedDevnet = pattern(sharedDevnetReaders)
const startsSomething = pattern(starters)
const needsOwnGraph = pattern([...moduleStateKeepers, ...sdkStateKeepers])

/**
 * The file without its whole-line comments: a comment that names a starter (`pglite`, a devnet) is
 * no reason to run alone. Two CPU-bound files whose header named the PGlite test they pair with ran
 * one at a time in the first group (recovery 25 s, keys 9 s, the first group's longest lane).
 * Comments after code stay: telling them from `//` inside a string needs a parser.
 */
const withoutCommentLines = (code) =>
  code
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n')

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
 * The devnet package's own files that start what they need run after the browser files, three at a
 * time beside the e2e files (`oneGraphLate`), instead of one at a time beside the browser files.
 * They start only their own emulators and chains, on free ports, and write no shared folder, so
 * they can run side by side. Why: the first group's unit files ended 63 to 75 s after its browser
 * files in quiet fresh-clone runs (850 s against 775 s), and 358 s after beside two busy processes,
 * with one file at a time and a core a third idle meanwhile; these files are about 80 s of that lane.
 */
const runsLate = /^packages\/devnet\//

/**
 * The unit project's files (`packages/*\/src/**`, `tests/integration/**`), split into those that run
 * one at a time in their own module graph (`alone`), those that run one at a time beside the browser
 * project in one module graph (`oneGraph`: they start what they need and read no shared devnet),
 * the devnet package's files of that kind, which run later three at a time (`oneGraphLate`),
 * those that run one at a time on the shared devnet in one module graph (`sharedDevnet`), and those
 * that start nothing and read no shared devnet, in one module graph (`pure`). Paths are relative to
 * `root`, with `/`.
 * @param {string} root the repository root
 * @returns {{ alone: string[], oneGraph: string[], oneGraphLate: string[], sharedDevnet: string[], pure: string[] }}
 */
export function unitSchedule(root) {
  const files = []
  for (const pkg of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    if (pkg.isDirectory()) walk(join(root, 'packages', pkg.name, 'src'), files)
  }
  walk(join(root, 'tests', 'integration'), files)
  const alone = []
  const oneGraph = []
  const oneGraphLate = []
  const sharedDevnet = []
  const pure = []
  for (const file of files.sort()) {
    const path = relative(root, file).split('\\').join('/')
    const code = withoutCommentLines(readFileSync(file, 'utf8'))
    if (!runsAlone.test(code)) pure.push(path)
    else if (needsOwnGraph.test(code)) alone.push(path)
    // The first group's devnet is its `unit` project's; a file that reads it and also starts
    // something of its own stays there.
    else if (readsSharedDevnet.test(code)) (startsSomething.test(code) ? alone : sharedDevnet).push(path)
    else (runsLate.test(path) ? oneGraphLate : oneGraph).push(path)
  }
  return { alone, oneGraph, oneGraphLate, sharedDevnet, pure }
}
