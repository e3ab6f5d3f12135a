// A Vitest reporter for `npm test`: writes what failed (tests, files that failed outside a test,
// unhandled errors) to one short file, which scripts/test-all.mjs prints as the run's last lines.
// The default reporter prints the same in the middle of the log, before the outputs of the steps
// that ran beside Vitest; a reader who sees only the log's tail (as CI shows it) would miss it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

/** Where the digest goes (test-all.mjs reads it from here); PORTICO_FAILURE_DIGEST moves it. */
export const digestFile =
  process.env.PORTICO_FAILURE_DIGEST ?? fileURLToPath(new URL('../node_modules/.vitest-failures.txt', import.meta.url))

/**
 * What the browser tests' Vite server answered with an error, and the module scripts Chromium could
 * not load: a browser test file that fails with "Failed to import test file … Failed to fetch
 * dynamically imported module" names only the test file, whichever module of its graph failed and
 * why. Kept on `globalThis` because vitest.config.ts (bundled when Vitest loads it) and this
 * reporter are two copies of this module in one process.
 */
const faultsKey = Symbol.for('portico.failureDigest.serverFaults')
globalThis[faultsKey] ??= []
const serverFaults = globalThis[faultsKey]

/** Notes one failed module request for the digest ("504 GET /node_modules/.vite/deps/x.js?v=…"). */
export function noteServerFault(line) {
  if (serverFaults.length < 1000) serverFaults.push(line)
}

/**
 * The faults as the digest lists them: the server's answers first (an abort in Chromium is often a
 * test removing a frame it no longer needs; a 504 or 500 is the server's own reason), at most 40.
 */
function faultLines() {
  const server = serverFaults.filter((line) => /^\d{3} /.test(line))
  const browser = serverFaults.filter((line) => !/^\d{3} /.test(line))
  const lines = [...server, ...browser]
  const shown = lines.slice(0, 40).map((line) => `    ${line}`)
  if (lines.length > 40) shown.push(`    … and ${lines.length - 40} more`)
  return shown.join('\n')
}

/**
 * A Vite plugin for the browser project: notes each request its server answered with 5xx, or 404
 * for a module (a script or stylesheet the page imports), for the digest. Cheap: one `finish`
 * listener per request, and nothing printed unless the run fails.
 */
export function serverFaultWatch() {
  const isModule = (url) => /\?(import|v=|t=)|\.(m?[jt]sx?|css)(\?|$)|\/@(fs|id|vite)\//.test(url)
  return {
    name: 'portico:server-fault-watch',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        res.on('finish', () => {
          const url = req.originalUrl ?? req.url ?? ''
          if (res.statusCode >= 500 || (res.statusCode === 404 && isModule(url)))
            noteServerFault(`${res.statusCode} ${req.method} ${url}`)
        })
        next()
      })
    },
  }
}

/** The first lines of an error, enough to name it (message, diff, the test's own frames). */
function describe(error) {
  const text = [error?.message ?? String(error), error?.diff, error?.stack?.split('\n').slice(1).join('\n')]
    .filter(Boolean)
    .join('\n')
  const lines = stripVTControlCharacters(text)
    .split('\n')
    .filter((line) => !/^\s*at .*(\/node_modules\/|node:internal|<anonymous>)/.test(line))
  return `${lines.slice(0, 24).join('\n')}${lines.length > 24 ? '\n    …' : ''}`
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

/** How much of a test's own error output the digest keeps (its last lines). */
const printedLines = 40

/** A failed test's error output (what it wrote to stderr: the e2e tests' page description), cut to its last lines. */
function printed(chunks) {
  const lines = stripVTControlCharacters(chunks.join('')).trimEnd().split('\n')
  const shown = lines.slice(-printedLines).map((line) => `      ${line.slice(0, 300)}`)
  if (lines.length > printedLines) shown.unshift(`      … ${lines.length - printedLines} earlier lines`)
  return `    what it printed to stderr:\n${shown.join('\n')}`
}

// biome-ignore lint/style/noDefaultExport: Vitest loads a reporter given by path from its default export.
export default class FailureDigest {
  onInit(vitest) {
    this.root = vitest.config.root
    /** Each test's stderr, by task id, kept in case it fails (an e2e test describes its pages then). */
    this.stderr = new Map()
    serverFaults.length = 0
    rmSync(digestFile, { force: true })
  }

  onUserConsoleLog(log) {
    if (log.type !== 'stderr' || !log.taskId) return
    const chunks = this.stderr.get(log.taskId) ?? []
    // Bounded: a chatty test that passes must not grow the reporter's memory without end.
    if (chunks.length >= 200) chunks.shift()
    chunks.push(log.content)
    this.stderr.set(log.taskId, chunks)
  }

  onTestRunEnd(testModules, unhandledErrors, reason) {
    const parts = []
    for (const testModule of testModules) {
      const file = relative(this.root, testModule.moduleId)
      const where = testModule.project.name ? `${testModule.project.name} › ${file}` : file
      for (const error of testModule.errors()) parts.push(`✖ ${where} (outside any test)\n${describe(error)}`)
      for (const testCase of testModule.children.allTests('failed')) {
        const chunks = this.stderr?.get(testCase.id)
        for (const error of testCase.result().errors ?? [])
          parts.push(
            `✖ ${where} › ${testCase.fullName}\n${describe(error)}${chunks?.length ? `\n${printed(chunks)}` : ''}`,
          )
      }
    }
    for (const error of unhandledErrors) parts.push(`✖ unhandled error\n${describe(error)}`)
    if (parts.length > 0 && serverFaults.length > 0)
      parts.push(
        `✖ module requests that failed during the run (the browser tests' server or Chromium)\n${faultLines()}`,
      )
    if (reason === 'interrupted') parts.push('✖ the run was interrupted')
    if (parts.length === 0) return
    mkdirSync(dirname(digestFile), { recursive: true })
    writeFileSync(digestFile, `${parts.join('\n\n')}\n`)
  }
}
