// Packs @portico/headless, @portico/themes and @portico/ui exactly as they would be published
// (`pnpm pack` of the built packages: `files`, rewritten `workspace:` ranges), for measurements of
// what users install (bench/run.mjs, packages/ui/src/exports/pageStart.test.ts), and for the publish
// checks and the consumer test. Only Node built-ins.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pnpmCommand } from './pnpm-bin.mjs'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The packages a host page installs, in dependency order. */
export const porticoPackages = ['secure', 'headless', 'themes', 'ui']

/**
 * Packs each package into `destination` (emptied first) and returns `{ name: tarballPath }`.
 * The packages must be built (`pnpm -r --filter ./packages/* build`); a missing `dist` throws,
 * since a tarball without it is not what users install.
 *
 * @example
 * const tarballs = packPortico('/tmp/portico-packed') // { '@portico/ui': '/tmp/portico-packed/portico-ui-0.1.0.tgz', ... }
 */
export function packPortico(destination, names = porticoPackages) {
  rmSync(destination, { recursive: true, force: true })
  mkdirSync(destination, { recursive: true })
  const tarballs = {}
  for (const name of names) {
    const dir = join(root, 'packages', name)
    if (!existsSync(join(dir, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build the packages first (npm run build)`)
    const before = new Set(readdirSync(destination))
    execFileSync(pnpmCommand[0], [...pnpmCommand[1], 'pack', '--pack-destination', destination], {
      cwd: dir,
      stdio: 'pipe',
    })
    const created = readdirSync(destination).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!created) throw new Error(`pnpm pack wrote no tarball for packages/${name}`)
    tarballs[`@portico/${name}`] = join(destination, created)
  }
  return tarballs
}

/**
 * Unpacks tarballs as npm would: `<nodeModules>/@portico/<name>/…` (the tarball's `package/`
 * folder stripped). Dependencies are not installed; callers resolve them elsewhere.
 */
export function extractPortico(tarballs, nodeModules) {
  const dirs = {}
  for (const [name, tarball] of Object.entries(tarballs)) {
    const dir = join(nodeModules, name)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'])
    dirs[name] = dir
  }
  return dirs
}
