// `npm test` packs every package once (scripts/pack-portico.mjs) and the publish checks, the consumer
// test and the page-start budgets copy those tarballs: a reader must get exactly what was packed for
// this build, and pack for itself when nothing was. Each case runs packPortico in its own Node
// process, since the folder is read from the environment when the module loads.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const pack = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../scripts/pack-portico.mjs')).href
const work = mkdtempSync(join(tmpdir(), 'portico-pack-once-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** packPortico(destination, names) in a fresh Node process; its result. */
function packIn(destination: string, names: string[], env: Record<string, string>) {
  const source = `import { packPortico } from ${JSON.stringify(pack)}
console.log(JSON.stringify(packPortico(${JSON.stringify(destination)}, ${JSON.stringify(names)})))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) throw new Error(result.stderr)
  return JSON.parse(result.stdout) as Record<string, string>
}

test('with PORTICO_PACKED_DIR, the tarballs packed once are copied, not packed again', () => {
  const packed = join(work, 'packed')
  mkdirSync(packed)
  // Not a real tarball: only a copy of this file can have these bytes.
  writeFileSync(join(packed, 'portico-themes-9.9.9.tgz'), 'packed once for this build')
  const tarballs = packIn(join(work, 'reader'), ['themes'], { PORTICO_PACKED_DIR: packed })
  expect(tarballs).toEqual({ '@portico/themes': join(work, 'reader', 'portico-themes-9.9.9.tgz') })
  expect(readFileSync(tarballs['@portico/themes'] as string, 'utf8')).toBe('packed once for this build')
})

test('a package missing from that folder (or the folder not there yet) is packed by the reader', () => {
  const tarballs = packIn(join(work, 'own'), ['themes'], { PORTICO_PACKED_DIR: join(work, 'not-yet') })
  const tarball = tarballs['@portico/themes'] as string
  expect(tarball).toMatch(/portico-themes-\d[^/]*\.tgz$/)
  // A gzip stream: a real `pnpm pack`.
  expect([...readFileSync(tarball).subarray(0, 2)]).toEqual([0x1f, 0x8b])
})
