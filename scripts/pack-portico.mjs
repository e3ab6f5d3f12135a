// Packs @portico/headless, @portico/themes and @portico/ui exactly as they would be published
// (`pnpm pack` of the built packages: `files`, rewritten `workspace:` ranges), for measurements of
// what users install (bench/run.mjs, packages/ui/src/exports/pageStart.test.ts), and for the publish
// checks and the consumer test. Only Node built-ins.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pnpmCommand } from './pnpm-bin.mjs'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The packages a host page installs, in dependency order. */
export const porticoPackages = ['secure', 'headless', 'themes', 'ui']

/**
 * `npm test` (scripts/test-all.mjs) packs every package once, right after its build, into this folder
 * (`node scripts/pack-portico.mjs <folder>`, which moves the folder into place only when it is
 * whole), and {@link packPortico} then copies tarballs from there. The publish checks, the consumer
 * test and the page-start budgets each packed the same build, 17 tarballs in all, one `pnpm pack`
 * process each (~1 CPU-s apiece on a quiet 2-core machine); now 7, ~10 CPU-s less per `npm test`
 * (publint + attw alone: 15.3 → 8.9 CPU-s). Unset, or before the folder is there, packing happens
 * as before.
 */
const packedOnce = process.env.PORTICO_PACKED_DIR

/** The tarball of `name` in `folder` (`portico-<name>-<version>.tgz`), if there is one. */
function tarballIn(folder, name) {
  if (!folder || !existsSync(folder)) return undefined
  const file = readdirSync(folder).find((f) => new RegExp(`^portico-${name}-\\d.*\\.tgz$`).test(f))
  return file && join(folder, file)
}

/**
 * Packs each package into `destination` (emptied first) and returns `{ name: tarballPath }`.
 * The packages must be built (`pnpm -r --filter ./packages/* build`); a missing `dist` throws,
 * since a tarball without it is not what users install. In `npm test` the tarballs are copies of
 * the ones it packed once for this build (see `PORTICO_PACKED_DIR` above); `reuse: false` packs anew.
 *
 * @example
 * const tarballs = packPortico('/tmp/portico-packed') // { '@portico/ui': '/tmp/portico-packed/portico-ui-0.1.0.tgz', ... }
 */
export function packPortico(destination, names = porticoPackages, { reuse = true } = {}) {
  rmSync(destination, { recursive: true, force: true })
  mkdirSync(destination, { recursive: true })
  const tarballs = {}
  for (const name of names) {
    const dir = join(root, 'packages', name)
    if (!existsSync(join(dir, 'dist')))
      throw new Error(`packages/${name}/dist is missing: build the packages first (npm run build)`)
    const packed = reuse ? tarballIn(packedOnce, name) : undefined
    if (packed) {
      const copy = join(destination, basename(packed))
      copyFileSync(packed, copy)
      tarballs[`@portico/${name}`] = copy
      continue
    }
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

// `node scripts/pack-portico.mjs <folder>`: every package packed anew into <folder>, which appears
// only once whole (packed beside it, then renamed), so a reader never takes half of it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? join(root, 'node_modules', '.portico-packed'))
  const partial = `${folder}.${process.pid}.partial`
  try {
    const tarballs = packPortico(partial, readdirSync(join(root, 'packages')), { reuse: false })
    rmSync(folder, { recursive: true, force: true })
    renameSync(partial, folder)
    console.log(`packed ${Object.keys(tarballs).length} packages into ${folder}`)
  } finally {
    // A failed pack leaves no half folder behind (after the rename there is none to remove).
    rmSync(partial, { recursive: true, force: true })
  }
}
