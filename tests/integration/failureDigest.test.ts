// `npm test` repeats what Vitest found failed as the log's last lines (scripts/failure-digest.mjs,
// printed by scripts/test-all.mjs), since CI shows a reader the log's tail, where the outputs of the
// steps that ran beside Vitest come last. The reporter runs here in a real Vitest run of four small
// files (a pass, a failed assertion, a file that throws while loading, an unhandled rejection).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
// Inside the workspace, so that the files' `import 'vitest'` resolves.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
const work = mkdtempSync(join(root, 'node_modules/.cache/failure-digest-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const files: Record<string, string> = {
  'vitest.config.mjs': `export default { test: { include: ['*.test.mjs'], pool: 'threads', maxWorkers: 1 } }`,
  'passes.test.mjs': `import { expect, test } from 'vitest'\ntest('adds up', () => expect(1 + 1).toBe(2))`,
  'fails.test.mjs': `import { describe, expect, test } from 'vitest'\ndescribe('sums', () => test('is off by one', () => expect(1 + 1).toBe(3)))`,
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
  expect(text).toContain('✖ broken.test.mjs (outside any test)')
  expect(text).toContain('broken while loading')
  expect(text).toContain('✖ unhandled error')
  expect(text).toContain('nobody caught this')
  expect(text).not.toContain('adds up')
  expect(text).not.toContain('a previous run')
  // Plain text: no terminal colours in the diff.
  expect(text).not.toContain('\x1b[')
})
