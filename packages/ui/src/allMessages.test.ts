import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const here = import.meta.dirname

/** Every feature's English catalogue (`export const …En = {` in a `*.en.ts` under features/). */
function featureCatalogues(): string[] {
  const names: string[] = []
  for (const file of readdirSync(join(here, 'features'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.en.ts')) continue
    for (const match of readFileSync(join(here, 'features', file), 'utf8').matchAll(/export const (\w+En) = \{/g)) {
      names.push(match[1] as string)
    }
  }
  return names.sort()
}

test("behavior: every feature's English catalogue is part of AllMessages, so a host can override any text the UI shows with types", () => {
  const catalogues = featureCatalogues()
  expect(catalogues.length).toBeGreaterThanOrEqual(14)
  const source = readFileSync(join(here, 'allMessages.ts'), 'utf8').split('export type AllMessages =')[1] ?? ''
  const listed = [...source.matchAll(/Catalogue<typeof (\w+)>/g)].map((match) => match[1]).sort()
  expect(listed).toEqual(catalogues)
})
