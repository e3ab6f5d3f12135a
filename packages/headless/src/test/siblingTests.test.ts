// Every verb and every hook of headless has a test file beside it, named after it (`x.ts` →
// `x.test.ts`, `x.devnet.test.ts`, `x.test.tsx`, …), as wagmi does: a newcomer finds a verb's
// behaviour next to the verb, and a new verb without one fails here.
//
// A verb is a file of `kernel/actions/` or of a feature folder (not its `react/`) that exports a
// function of the file's own name (`features/send/sendToken.ts` exports `sendToken`); a feature's
// `lifecycle.ts` is its registration, not a verb. A hook is a `use*.ts` file of `kernel/react/` or
// of a feature's `react/`.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const src = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..')

const list = (folder: string) => {
  try {
    return readdirSync(path.join(src, folder))
  } catch {
    return []
  }
}

/** Every verb and hook, with whether a sibling test exists. */
function verbsAndHooks() {
  const candidates: { kind: 'verb' | 'hook'; file: string }[] = []
  for (const f of list('kernel/actions')) candidates.push({ kind: 'verb', file: `kernel/actions/${f}` })
  for (const f of list('kernel/react')) candidates.push({ kind: 'hook', file: `kernel/react/${f}` })
  for (const feature of list('features')) {
    for (const f of list(`features/${feature}`)) candidates.push({ kind: 'verb', file: `features/${feature}/${f}` })
    for (const f of list(`features/${feature}/react`))
      candidates.push({ kind: 'hook', file: `features/${feature}/react/${f}` })
  }
  const found: { kind: 'verb' | 'hook'; file: string; tested: boolean }[] = []
  for (const { kind, file } of candidates) {
    if (!/\.tsx?$/.test(file) || /\.test(-d)?\.tsx?$/.test(file)) continue
    const base = path.basename(file).replace(/\.tsx?$/, '')
    if (kind === 'hook' && !/^use[A-Z]/.test(base)) continue
    if (kind === 'verb') {
      if (base === 'lifecycle') continue
      const text = readFileSync(path.join(src, file), 'utf8')
      if (!new RegExp(`export (async )?function ${base}\\b|export const ${base}\\b`).test(text)) continue
    }
    const tested = list(path.dirname(file)).some((f) => f.startsWith(`${base}.`) && /\.test\.tsx?$/.test(f))
    found.push({ kind, file, tested })
  }
  return found
}

test('the scan finds the verbs and hooks it is meant to (a broken scan would pass everything)', () => {
  const files = verbsAndHooks().map((v) => v.file)
  expect(files).toEqual(
    expect.arrayContaining([
      'kernel/actions/connect.ts',
      'kernel/react/useConnect.ts',
      'features/send/sendToken.ts',
      'features/send/react/useSendToken.ts',
    ]),
  )
  expect(files).not.toContain('features/send/errors.ts')
  expect(files).not.toContain('features/siwx/lifecycle.ts')
})

test('every verb and hook has a sibling test', () => {
  const untested = verbsAndHooks()
    .filter((v) => !v.tested)
    .map((v) => `${v.file} (${v.kind}): add ${path.basename(v.file).replace(/\.ts$/, '.test.ts')} beside it`)
  expect(untested).toEqual([])
})
