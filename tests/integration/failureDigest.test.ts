// `npm test` repeats what Vitest found failed as the log's last lines (scripts/failure-digest.mjs,
// printed by scripts/test-all.mjs), since CI shows a reader the log's tail, where the outputs of the
// steps that ran beside Vitest come last. The reporter runs here in a real Vitest run of five small
// files (a pass, a chatty pass, a failed assertion that printed what it saw, a file that throws
// while loading, an unhandled rejection).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { serverFaultWatch } from '../../scripts/failure-digest.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
// Inside the workspace, so that the files' `import 'vitest'` resolves.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
const work = mkdtempSync(join(root, 'node_modules/.cache/failure-digest-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const files: Record<string, string> = {
  'vitest.config.mjs': `export default { test: { include: ['*.test.mjs'], pool: 'threads', maxWorkers: 1, globalSetup: ['./setup.mjs'] } }`,
  // As the browser project's server notes a module it could not serve (in the same process).
  'setup.mjs': `import { noteServerFault } from ${JSON.stringify(join(root, 'scripts/failure-digest.mjs'))}\nexport default () => {\n  for (let i = 0; i < 60; i++) noteServerFault('net::ERR_ABORTED (Chromium) http://localhost/frame-' + i + '.js')\n  noteServerFault('504 GET /node_modules/.vite/deps/x.js?v=1')\n}`,
  'passes.test.mjs': `import { expect, test } from 'vitest'\ntest('adds up', () => expect(1 + 1).toBe(2))`,
  'fails.test.mjs': `import { describe, expect, onTestFailed, test } from 'vitest'\ndescribe('sums', () => test('is off by one', () => {\n  console.error('said by a passing step')\n  onTestFailed(() => console.error('the page showed: Connection failed'))\n  expect(1 + 1).toBe(3)\n}))`,
  'passesChatty.test.mjs': `import { test } from 'vitest'\ntest('says things and passes', () => console.error('a passing test\\'s own line'))`,
  'broken.test.mjs': `throw new Error('broken while loading')`,
  'leaks.test.mjs': `import { test } from 'vitest'\ntest('leaks a rejection', async () => {\n  Promise.reject(new Error('nobody caught this'))\n  await new Promise((resolve) => setImmediate(resolve))\n})`,
}

test('a failed run replaces the digest with one naming each failed test, broken file and unhandled error', () => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text)
  const digest = join(work, 'digest.txt')
  writeFileSync(digest, 'what a previous run found failed')
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      work,
      '--config',
      join(work, 'vitest.config.mjs'),
      '--reporter',
      join(root, 'scripts/failure-digest.mjs'),
    ],
    { cwd: work, encoding: 'utf8', env: { ...process.env, PORTICO_FAILURE_DIGEST: digest, CI: 'true' } },
  )
  expect(result.status).toBe(1)
  const text = readFileSync(digest, 'utf8')
  expect(text).toContain('✖ fails.test.mjs › sums > is off by one')
  expect(text).toContain('expected 2 to be 3')
  // What the failed test wrote to stderr follows its error (an e2e test describes its pages there);
  // a passing test's output is not repeated.
  const failed = text.slice(text.indexOf('✖ fails.test.mjs'))
  expect(failed).toMatch(
    /what it printed to stderr:\n {6}said by a passing step\n {6}the page showed: Connection failed/,
  )
  expect(text).not.toContain("a passing test's own line")
  expect(text).toContain('✖ broken.test.mjs (outside any test)')
  expect(text).toContain('broken while loading')
  expect(text).toContain('✖ unhandled error')
  expect(text).toContain('nobody caught this')
  expect(text).toContain('✖ module requests that failed during the run')
  // The server's own answer first, ahead of many aborts in the browser; the list is cut at 40.
  const faults = text.slice(text.indexOf('✖ module requests'))
  expect(faults.split('\n')[1]).toBe('    504 GET /node_modules/.vite/deps/x.js?v=1')
  expect(faults).toContain('… and 21 more')
  expect(text).not.toContain('adds up')
  expect(text).not.toContain('a previous run')
  // Plain text: no terminal colours in the diff.
  expect(text).not.toContain('\x1b[')
})

test('the browser server notes each module it answered with an error, and nothing it served', async () => {
  const site = join(work, 'site')
  mkdirSync(site, { recursive: true })
  writeFileSync(join(site, 'fine.ts'), 'export const fine = 1\n')
  writeFileSync(join(site, 'broken.ts'), 'export const = \n')
  // Where the reporter reads them (scripts/failure-digest.mjs keeps them on globalThis).
  const faults: string[] | undefined = (globalThis as Record<symbol, string[]>)[
    Symbol.for('portico.failureDigest.serverFaults')
  ]
  if (!faults) throw new Error('scripts/failure-digest.mjs keeps its list elsewhere now')
  faults.length = 0
  const server = await createServer({
    root: site,
    configFile: false,
    logLevel: 'silent',
    plugins: [serverFaultWatch()],
    server: { host: '127.0.0.1', port: 0, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    await server.listen()
    const base = server.resolvedUrls?.local[0]
    const status = async (path: string) => (await fetch(new URL(path, base))).status
    expect(await status('/fine.ts?import')).toBe(200)
    expect(await status('/broken.ts?import')).toBe(500)
    expect(faults).toEqual(['500 GET /broken.ts?import'])
  } finally {
    await server.close()
  }
})
