import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

const src = join(import.meta.dirname, '..')

function cssModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '__infra__' || entry.name === 'node_modules' ? [] : cssModules(path)
    return entry.name.endsWith('.css.ts') ? [path] : []
  })
}

// Physical properties would not mirror for Arabic (dir="rtl"): styles use the logical ones
// (margin-inline-end, padding-inline-start, text-align: start, …). Centring with `left: 50%` (or a
// full-width `left: 0`) is the same in both directions and stays.
const physical =
  /\b(margin|padding|border)(Left|Right)\b|\bborder(Top|Bottom)(Left|Right)Radius\b|textAlign:\s*'(left|right)'|\b(left|right):\s*(?!\s|'50%'|0\b)/

test('no stylesheet uses a physical left/right property that should mirror right to left', () => {
  const offenders = cssModules(src).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), where: `${relative(src, file)}:${index + 1}` }))
      .filter(({ line }) => !line.startsWith('//') && physical.test(line))
      .map(({ line, where }) => `${where} ${line}`),
  )
  expect(offenders).toEqual([])
})
