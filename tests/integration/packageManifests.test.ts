// What a user's `npm i` gets from each package's manifest, read from the workspace's package.json
// files: every export target the published manifest names is a file the tarball ships, every
// @portico package a published one depends on is publishable itself, and a package importing
// React Query declares it. The consumer test proves the same on real tarballs, much slower.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const packagesDir = fileURLToPath(new URL('../../packages', import.meta.url))

type Exports = string | null | { [key: string]: Exports }
interface Manifest {
  name: string
  private?: boolean
  files: string[]
  exports: Exports
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  publishConfig?: { exports?: Exports }
}

const packages = readdirSync(packagesDir).map((dir) => ({
  dir: join(packagesDir, dir),
  manifest: JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8')) as Manifest,
}))
const byName = new Map(packages.map((p) => [p.manifest.name, p]))

/** The manifest pnpm publishes: `publishConfig.exports` replaces `exports` when packing. */
const publishedExports = (manifest: Manifest) => manifest.publishConfig?.exports ?? manifest.exports

function targets(exports: Exports, conditions: string[] = []): { target: string; conditions: string[] }[] {
  if (exports === null) return []
  if (typeof exports === 'string') return [{ target: exports, conditions }]
  return Object.entries(exports).flatMap(([key, value]) =>
    targets(value, key.startsWith('.') ? conditions : [...conditions, key]),
  )
}

function withoutCondition(exports: Exports, condition: string): Exports {
  if (exports === null || typeof exports === 'string') return exports
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([key]) => key !== condition)
      .map(([key, value]) => [key, withoutCondition(value, condition)]),
  )
}

/** Whether the `files` list (with its `!` exclusions) ships a path; package.json always ships. */
function ships(files: string[], path: string): boolean {
  const clean = path.replace(/^\.\//, '')
  if (clean === 'package.json') return true
  const included = files.some((entry) => !entry.startsWith('!') && (clean === entry || clean.startsWith(`${entry}/`)))
  const excluded = files.some((entry) => {
    if (!entry.startsWith('!')) return false
    const pattern = entry.slice(1)
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(.*/)?')
        .replace(/\*/g, '[^/]*')}(/.*)?$`,
    )
    return regex.test(clean)
  })
  return included && !excluded
}

describe.each(packages.map((p) => [p.manifest.name, p] as const))('%s', (_name, { dir, manifest }) => {
  test('every export target of the published manifest is a file the tarball ships', () => {
    const missing = targets(publishedExports(manifest))
      .filter(({ target }) => !ships(manifest.files, target))
      .map(({ target, conditions }) => `${target} (${conditions.join(' > ') || 'default'})`)
    expect(missing).toEqual([])
  })

  test('the published export map is the workspace one without the workspace-only source condition', () => {
    // The `portico-source` condition lets the workspace run on TypeScript sources; a package that
    // does not ship its sources publishes the same map without it (and nothing else changed).
    if (!manifest.publishConfig?.exports) return
    expect(manifest.publishConfig.exports).toEqual(withoutCondition(manifest.exports, 'portico-source'))
  })

  test('each @portico package it depends on at run time is publishable (public, README, licence)', () => {
    for (const dependency of Object.keys(manifest.dependencies ?? {}).filter((n) => n.startsWith('@portico/'))) {
      const target = byName.get(dependency)
      expect(target, `${dependency} is in the workspace`).toBeDefined()
      expect(target?.manifest.private ?? false, `${dependency} is not private`).toBe(false)
      expect(existsSync(join(target?.dir ?? '', 'README.md')), `${dependency} has a README`).toBe(true)
      expect(existsSync(join(target?.dir ?? '', 'LICENSE')), `${dependency} has a licence`).toBe(true)
    }
  })

  test('a package whose sources import React Query declares it as a peer', () => {
    const src = join(dir, 'src')
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|(^|\/)test\//.test(file),
    )
    const imports = files.some((file) => /from '@tanstack\/react-query'/.test(readFileSync(join(src, file), 'utf8')))
    if (imports) expect(manifest.peerDependencies?.['@tanstack/react-query']).toBeDefined()
  })
})

test('the packages that depend on each other at run time are released together', () => {
  // headless pins secure and devnet pins auth at the exact workspace version (`workspace:*`):
  // they must be published at that version in the same release.
  const config = JSON.parse(readFileSync(join(packagesDir, '../.changeset/config.json'), 'utf8')) as {
    fixed: string[][]
  }
  const group = config.fixed.find((g) => g.includes('@portico/headless')) ?? []
  for (const { manifest } of packages)
    for (const dependency of Object.keys(manifest.dependencies ?? {}).filter((n) => n.startsWith('@portico/')))
      if (group.includes(manifest.name)) expect(group, `${manifest.name} → ${dependency}`).toContain(dependency)
})

test('the file check itself: a target outside `files` or excluded by a `!` pattern is not shipped', () => {
  expect(ships(['dist'], './src/index.ts')).toBe(false)
  expect(ships(['dist', 'src', '!src/**/*.test.ts'], './src/a/b.test.ts')).toBe(false)
  expect(ships(['dist', 'src', '!src/test'], './src/test/x.ts')).toBe(false)
  expect(ships(['dist', 'src', '!src/**/*.test.ts'], './src/index.ts')).toBe(true)
})

test("headless pins the elliptic-curve library and ox at viem's own versions, so a user's npm installs one copy", () => {
  // npm nests a package's dependency wherever the hoisted copy's version differs: with headless on
  // @noble/curves 2 at the top of a user's node_modules, viem and ox each got a nested 1.x copy and
  // a page bundled both. Measured on the README's page (`npm run bench`, packed tarballs installed
  // with npm): JS fetched by the end of an installed wallet's connect 291.4 → 281.7 KiB gzip, page
  // start unchanged. @noble/hashes stays on 2 on purpose: pinned to viem's 1.8.0 as well, the
  // connect fetched 2.6 KiB less again, but page start grew 0.8 KiB (checksumming an address at
  // page start then shares viem's copy of the hashes' utilities, whole).
  const headless = byName.get('@portico/headless')?.manifest.dependencies ?? {}
  const viem = JSON.parse(
    readFileSync(join(packagesDir, 'headless/node_modules/viem/package.json'), 'utf8'),
  ) as Manifest & {
    version: string
  }
  expect(headless.viem).toBe(viem.version)
  for (const name of ['@noble/curves', 'ox']) expect(headless[name], name).toBe(viem.dependencies?.[name])
})
