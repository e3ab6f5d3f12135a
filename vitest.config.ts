import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import type { BrowserContext } from 'playwright-core'
import { defaultExclude, defineConfig } from 'vitest/config'
import { droppedOnPurpose, frameCommands } from './packages/ui/src/test/frameCommands.js'
import { browserModuleCache } from './scripts/browser-module-cache.mjs'
import { chromiumArgs, headlessShellPath, headlessShellPermissions } from './scripts/ensure-chromium.mjs'
import { noteServerFault, serverFaultWatch } from './scripts/failure-digest.mjs'
import { isLoopbackUrl, offlineArgs, watchOffLoopback } from './scripts/offline-browser.mjs'
import { unitSchedule } from './scripts/unit-schedule.mjs'

const root = dirname(fileURLToPath(import.meta.url))

/** Starts one devnet for a project's files (each project that lists it gets its own). */
const sharedDevnetSetup = './packages/headless/src/test/globalDevnet.ts'

/** Browser files that measure the JS heap; they run in their own Chromium (see the browser project). */
const heapFiles = ['packages/ui/src/modal/leaks.browser.test.tsx']

/**
 * `npm test` (scripts/test-all.mjs) sets this: the unit files are split by what they share
 * (`scripts/unit-schedule.mjs`); those that start something or read the shared devnet run in the
 * first group, one at a time beside the browser files (but the devnet package's own, which run with
 * the e2e files); the e2e files run after them, three at a time, and then the unit files that start
 * nothing. Most unit files keep their modules
 * from file to file (`isolate: false`), which `scripts/unit-schedule.mjs` measures and bounds.
 * Without it, `--project unit` keeps every unit file, so `npx vitest run --project unit <file>`
 * works for any of them.
 */
const splitUnit = process.env.PORTICO_TEST_SCHEDULE === 'split'
const unitFiles = splitUnit ? unitSchedule(root) : undefined

/**
 * The groups of `npm test`: Vitest runs one group after another, and the projects of one group side
 * by side, all with one worker count. First the unit and browser projects, one file at a time each
 * (their files share a devnet's accounts); then the e2e files, three at a time, followed by the unit
 * files that start nothing (`unit-pure`, in the same group). Written out (not left to Vitest's
 * default of one worker per core but one) so that a machine with more cores runs the same schedule
 * as CI's two. Without `split`, the defaults: one group, then e2e.
 */
const firstGroup = splitUnit ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : {}
/**
 * Three at a time on 2 cores: an e2e file mostly waits on its pages and servers (one alone used 31
 * CPU-s in 53 s), so with two at a time the cores were ~40 % idle through the e2e files (a quiet
 * fresh-clone run: ~127 CPU-s idle in their first 200 s), and the pure unit files after them ran
 * two at a time (a 93 s tail).
 */
const e2eGroup = { maxWorkers: 3, sequence: { groupOrder: splitUnit ? 2 : 1 } }

/** The unit project's settings, shared by its one-at-a-time and two-at-a-time halves. */
const unitTest = {
  exclude: ['**/node_modules/**', '**/dist/**', '**/*.browser.test.{ts,tsx}'],
  environment: 'node',
  setupFiles: ['./packages/headless/src/test/loopbackOnly.ts'],
  // Devnet-backed tests start real processes; give them room on a 2-core CI box.
  testTimeout: 30_000,
  hookTimeout: 30_000,
}

/**
 * The Playwright provider, offline: Chromium resolves nothing but loopback (scripts/offline-browser.mjs),
 * and each request that tried to leave the machine is warned about. The provider has no option for
 * context listeners, so this wraps the context it creates.
 */
function offlinePlaywright(extraArgs: readonly string[] = []) {
  const base = playwright({
    launchOptions: { executablePath: headlessShellPath, args: [...chromiumArgs, ...offlineArgs, ...extraArgs] },
    // The page as large as the tests' viewport (below): Vitest scales the test frame down to fit a
    // smaller window, and a scaled page is one the secure frame cannot prove visible (its Approve
    // would never arm), unlike any real page.
    contextOptions: {
      reducedMotion: 'reduce',
      locale: 'en-US',
      timezoneId: 'UTC',
      viewport: { width: 1280, height: 800 },
      permissions: headlessShellPermissions,
    },
    // An action waits for its element; on a busy 2-core machine a lazily loaded view's first
    // transform alone can take several seconds, so the bound is generous (it is a ceiling on a
    // wait for a condition, not a duration any test sleeps).
    actionTimeout: 30_000,
  })
  return {
    ...base,
    providerFactory(project: Parameters<typeof base.providerFactory>[0]) {
      const provider = base.providerFactory(project) as ReturnType<typeof base.providerFactory> & {
        createContext(...args: unknown[]): Promise<BrowserContext>
      }
      if (typeof provider.createContext !== 'function') {
        throw new Error('vitest.config.ts: @vitest/browser-playwright changed; re-check the offline watch')
      }
      const createContext = provider.createContext.bind(provider)
      const watched = new WeakSet<BrowserContext>()
      provider.createContext = async (...args: unknown[]) => {
        const context = await createContext(...args)
        if (!watched.has(context)) {
          watched.add(context)
          watchOffLoopback(context, (url) => console.warn(`[browser] blocked non-loopback request: ${url}`))
          // A module script that did not load fails its test file with only the file's name; the
          // failure digest names the module and Chromium's reason (scripts/failure-digest.mjs).
          // Not aborts: a test removing a frame or ending a page cancels its loads (a quiet run noted
          // 108), while a server's refusal is a response, noted by serverFaultWatch. Nor the loads a
          // test drops on purpose (frameCommands' dropRequests): a digest once named one of those
          // beside an unrelated failure, as if it were the cause.
          context.on('requestfailed', (request) => {
            const reason = request.failure()?.errorText
            if (reason === 'net::ERR_ABORTED' || droppedOnPurpose.has(request)) return
            if (request.resourceType() === 'script' && isLoopbackUrl(request.url()))
              noteServerFault(`${reason ?? 'failed'} (Chromium) ${request.url()}`)
          })
        }
        return context
      }
      return provider
    },
  }
}

// One root config: the `portico-source` condition makes workspace packages resolve to their
// TypeScript sources, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['portico-source'] },
  ssr: { resolve: { conditions: ['portico-source'] } },
  test: {
    // Failure screenshots and `context.annotate` attachments: gitignored, never next to the sources.
    attachmentsDir: join(root, 'tests/screenshots/attachments'),
    projects: [
      {
        extends: true,
        test: {
          ...unitTest,
          name: 'unit',
          include: unitFiles?.alone ?? ['packages/*/src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          globalSetup: [sharedDevnetSetup],
          ...firstGroup,
        },
      },
      // Only in `npm test`, the rest of the unit files (scripts/unit-schedule.mjs splits them), each
      // kind in one module graph.
      ...(unitFiles
        ? [
            // The files that start what they need (servers, processes, databases) and read no
            // shared devnet: one at a time beside the browser files, like `unit`.
            {
              extends: true,
              test: { ...unitTest, name: 'unit-one-graph', include: unitFiles.oneGraph, isolate: false, ...firstGroup },
            },
            // The devnet package's files of that kind, three at a time with the e2e files (see
            // scripts/unit-schedule.mjs: they were the first group's last ~80 s, one at a time).
            {
              extends: true,
              test: {
                ...unitTest,
                name: 'unit-one-graph-late',
                include: unitFiles.oneGraphLate,
                isolate: false,
                ...e2eGroup,
              },
            },
            // The files that start nothing and read no shared devnet, three at a time after the e2e
            // files in their group: the first group's unit files outlast its browser files (a quiet
            // run: 643 s against 578 s), and these files' 80 s there would only add to that. No
            // devnet here: a file that reads one fails at once instead of racing another file.
            {
              extends: true,
              test: { ...unitTest, name: 'unit-pure', include: unitFiles.pure, isolate: false, ...e2eGroup },
            },
            // The files that only read a shared devnet in process, one at a time beside the browser
            // files, on a devnet of their own (a project's global setup is its own).
            {
              extends: true,
              test: {
                ...unitTest,
                name: 'unit-shared-devnet',
                include: unitFiles.sharedDevnet,
                globalSetup: [sharedDevnetSetup],
                isolate: false,
                ...firstGroup,
              },
            },
          ]
        : []),
      {
        extends: true,
        plugins: [vanillaExtractPlugin(), react(), serverFaultWatch(), browserModuleCache()],
        // Keep the workspace's `portico-source` condition next to Vite's browser defaults.
        resolve: { conditions: ['portico-source', 'module', 'browser', 'development|production'] },
        // Prebundled up front: a dependency discovered mid-run makes Vite reload the page under a test.
        // Crawling the UI sources (lazy views included) finds every dependency before the first test.
        optimizeDeps: {
          // createRuntimeFn is imported by compiled recipes, which the crawler cannot see.
          include: ['axe-core', '@vanilla-extract/recipes/createRuntimeFn', 'fast-check'],
          entries: ['packages/ui/src/**/*.{ts,tsx}', '!**/*.stories.tsx'],
        },
        test: {
          name: 'browser',
          ...firstGroup,
          include: ['packages/*/src/**/*.browser.test.tsx'],
          setupFiles: ['./packages/ui/vitest.browser.setup.ts'],
          // Browser tests reach the devnet chains over loopback (anvil and the Solana RPC allow CORS).
          globalSetup: [
            sharedDevnetSetup,
            './packages/ui/src/test/globalImageServer.ts',
            './packages/ui/src/test/globalAuth.ts',
          ],
          testTimeout: 60_000,
          // Element assertions poll until their condition holds; lazily loaded views can take
          // several seconds on a cold, busy 2-core machine (the bound is a ceiling, not a wait).
          // 15 s was passed once under a load of 10 on 2 cores (a directory wallet's lazy view).
          expect: { poll: { timeout: 30_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: offlinePlaywright(),
            commands: frameCommands,
            instances: [
              { browser: 'chromium', exclude: [...heapFiles, ...defaultExclude] },
              // The leak tests measure the heap in a Chromium of their own whose V8 only interprets
              // and keeps its bytecode. Compiled code is heap too: under CPU load the JIT tiers
              // compile late and in bursts (a fresh-clone run under load measured 572 KB of it
              // between cycles 100 and 200 of modal opens), and flushed bytecode comes and goes by
              // ~100 KB between samples. Without both, the heap after 150 modal cycles is back
              // within one closed view's tree of where it was, even beside three busy processes.
              {
                browser: 'chromium',
                // This name is read by packages/ui/src/test/globalAuth.ts, which starts nothing here.
                name: 'browser-heap',
                include: heapFiles,
                provider: offlinePlaywright(['--js-flags=--no-sparkplug --no-maglev --no-opt --no-flush-bytecode']),
              },
            ],
            viewport: { width: 1280, height: 800 },
            // Failure screenshots land in the gitignored folder, not next to the sources.
            screenshotDirectory: join(root, 'tests/screenshots/failures'),
            // Visual regression references (`toMatchScreenshot`) are committed beside their test,
            // one per name: only Debian's Chromium on Linux runs them, so neither goes in the name.
            // Diffs of a failed comparison go to the gitignored folder. `npm run test:visual:update`
            // rewrites the references on purpose.
            expect: {
              toMatchScreenshot: {
                resolveScreenshotPath: ({ root, testFileDirectory, testFileName, arg, ext }) =>
                  join(root, testFileDirectory, '__screenshots__', testFileName, `${arg}${ext}`),
                resolveDiffPath: ({ root, testFileName, arg, ext }) =>
                  join(root, 'tests/screenshots/diffs', testFileName, `${arg}${ext}`),
              },
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own demo, devnet and browser, so two files never share a chain or
          // a page, and a file spends most of its time waiting on them (CI's 2 cores were half idle
          // with one file at a time). Three at once (see e2eGroup), in a group after the unit and browser projects
          // (Vitest runs projects of different worker counts in separate groups, one group after
          // another). The unit project stays at one worker: its DOM tests share one devnet.
          ...e2eGroup,
          // The files of a worker share one module graph: the demo server, Vite, the devnet and
          // Playwright load once per worker instead of once per file (~6.5 s of CPU each on a 2-core
          // machine). A file keeps nothing in modules: it starts its own demo, devnet and browser
          // and stops them. The whole project alone on a quiet 2-core machine, all 32 files passing
          // both ways: 975 s → 858 s, CPU 1,005 s → 798 s (module loading 233 s → 19 s).
          isolate: false,
          globalSetup: ['./tests/e2e/globalDemo.ts'],
          // Each file starts the demo (devnet + Vite) and drives Chromium: cold starts take a while on 2 cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // 15 s was passed once under a load of 10 on 2 cores (a directory wallet's lazy view).
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
})
