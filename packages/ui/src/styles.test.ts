import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

const src = join(import.meta.dirname, '.')

function cssModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === '__infra__' ? [] : cssModules(path)
    return entry.name.endsWith('.css.ts') && !entry.name.includes('.test.') ? [relative(src, path)] : []
  })
}

test('styles.ts imports every stylesheet (the CSS theme contract excepted: it defines variables only)', () => {
  const entry = readFileSync(join(src, 'styles.ts'), 'utf8')
  const missing = cssModules(src)
    .filter((file) => file !== join('css', 'theme.css.ts'))
    .filter((file) => !entry.includes(`./${file.replace(/\.ts$/, '.js')}`))
  expect(missing).toEqual([])
})
