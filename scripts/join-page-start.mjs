// Post-build step of @portico/headless and @portico/ui (their tsup `onSuccess`): every module of
// the package's dist that is loaded lazily (the target of a relative `import()`) gets an unused
// namespace import of the package's page-start entry. Only Node built-ins.
//
// Why (the bench's navigation -> connect button): a host's bundler splits code by the set of entry
// points (the page and each dynamic import) that reach each file. A page-start module that lazy
// views A and B also import lands in chunk {page, A, B}, one that only B imports in {page, B}, and
// so on: the prebuilt page started with 26 files, fetched after the entry was parsed, six at a
// time over HTTP/1.1 (~100 ms of a 350 ms start on the bench). Once every lazy module reaches the
// whole page-start graph, those sets are one, and esbuild emits the page start as ~5 files
// (138.0 -> 132.0 KiB gzip: fewer chunk boundaries). It adds no code to any chunk (everything the
// entry reaches is at page start already), and bundlers drop an unused namespace import of a
// side-effect-free module without a warning (esbuild, Rollup). Sources are untouched: tests and
// `portico-source` builds do not see it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const marker = '__porticoPageStart'
const staticImport = /(?:^|[;}\n])\s*(?:import|export)\s+(?:[^;'"]*?\s+from\s+)?"(\.{1,2}\/[^"]+)"/g
const dynamicImport = /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g

function jsFiles(dir) {
  const out = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...jsFiles(path))
    else if (name.endsWith('.js')) out.push(path)
  }
  return out
}

/**
 * Adds `import * as __porticoPageStart from '<hub>'` to every lazily loaded module in `distDir`
 * that the `entries` (the hub, usually) do not reach statically. Idempotent.
 * Returns the files changed.
 *
 * @example
 * joinPageStart('dist', 'dist/exports/index.js', ['dist/exports/index.js'])
 */
export function joinPageStart(distDir, hub, entries) {
  const files = jsFiles(resolve(distDir))
  const code = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]))
  const targets = (file, pattern) =>
    [...code.get(file).matchAll(pattern)].map((m) => resolve(dirname(file), m[1])).filter((f) => code.has(f))
  // What the hub loads statically is page start already; importing the hub there would only make
  // a cycle, so those are left as they are.
  const pageStart = new Set()
  const queue = entries.map((e) => resolve(e))
  while (queue.length) {
    const file = queue.shift()
    if (pageStart.has(file) || !code.has(file)) continue
    pageStart.add(file)
    queue.push(...targets(file, staticImport))
  }
  const lazy = new Set(files.flatMap((f) => targets(f, dynamicImport)).filter((f) => !pageStart.has(f)))
  const hubPath = resolve(hub)
  const changed = []
  for (const file of lazy) {
    const source = code.get(file)
    if (file === hubPath || source.includes(marker)) continue
    let specifier = relative(dirname(file), hubPath).split('\\').join('/')
    if (!specifier.startsWith('.')) specifier = `./${specifier}`
    const line = `import * as ${marker} from ${JSON.stringify(specifier)};\n`
    // Before the source-map comment (the lines above keep their mappings).
    const at = source.lastIndexOf('//# sourceMappingURL=')
    writeFileSync(file, at === -1 ? `${source}\n${line}` : `${source.slice(0, at)}${line}${source.slice(at)}`)
    changed.push(file)
  }
  return changed
}
