import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { joinPageStart } from '../../../../scripts/join-page-start.mjs'

// The post-build step both packages run (page start in few files, see the script).
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dist(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-join-'))
  dirs.push(dir)
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), code)
  }
  return dir
}

test('every lazily loaded module imports the entry; page-start modules and others are left alone', () => {
  const dir = dist({
    'exports/index.js': `'use client';\nimport { a } from "../chunk-A.js";\nexport { a };\nconst load = () => import("../View-1.js");\n`,
    'chunk-A.js': `'use client';\nexport const a = 1;\nexport const later = () => import("./nested/View-2.js");\n`,
    'View-1.js': `'use client';\nimport {\n  a\n} from "./chunk-A.js";\nexport const View = a;\n//# sourceMappingURL=View-1.js.map\n`,
    'nested/View-2.js': `export const View2 = 2;\n`,
    'Both.js': `export const both = 3;\n`,
    'exports/other.js': `import { both } from "../Both.js";\nexport const x = () => import("../Both.js");\n`,
    'chunk-B.js': `export const unused = 4;\n`,
  })
  const changed = joinPageStart(dir, join(dir, 'exports/index.js'), [join(dir, 'exports/index.js')])
  expect(changed.map((f) => f.slice(dir.length + 1)).sort()).toEqual(['Both.js', 'View-1.js', 'nested/View-2.js'])
  // Before the source-map comment, so the lines above keep their mappings.
  expect(readFileSync(join(dir, 'View-1.js'), 'utf8')).toBe(
    `'use client';\nimport {\n  a\n} from "./chunk-A.js";\nexport const View = a;\nimport * as __porticoPageStart from "./exports/index.js";\n//# sourceMappingURL=View-1.js.map\n`,
  )
  expect(readFileSync(join(dir, 'nested/View-2.js'), 'utf8')).toContain(
    'import * as __porticoPageStart from "../exports/index.js";',
  )
  // The hub's static closure (page start) and modules nothing loads lazily are untouched.
  for (const file of ['exports/index.js', 'chunk-A.js', 'chunk-B.js'])
    expect(readFileSync(join(dir, file), 'utf8')).not.toContain('__porticoPageStart')
  // Idempotent: a second run (tsup watch, a rebuild without clean) changes nothing.
  expect(joinPageStart(dir, join(dir, 'exports/index.js'), [join(dir, 'exports/index.js')])).toEqual([])
})
