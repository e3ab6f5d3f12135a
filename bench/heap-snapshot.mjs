#!/usr/bin/env node

// Where a bench page's JS heap after the modal goes: a heap snapshot at the bench's moment (one
// warm-up load in the same browser, then the page loaded, the button pressed, the list shown,
// 1 s, GC), attributed to source modules through the page's source maps.
//
// Build the pages with source maps first (external maps leave the JS as built):
//   BENCH_ESBUILD='{"sourcemap":"external"}' node bench/run.mjs --only portico-readme,portico-modal \
//     --runs 1 --nav-runs 0 --no-throttle --no-interactions --no-resilience
// then: node bench/heap-snapshot.mjs portico-readme [--top 40] [--keep file.heapsnapshot]
//
// Attribution: a dominator tree (weak edges ignored); each object belongs to its nearest dominator
// that is a closure (its source location) or a chunk's top-level variable (its declaration); each
// function's code (bytecode, baseline machine code, feedback, scope info) to the module of a live
// closure sharing it, else to its chunk ("no live closure": mostly the chunks' top-level code).
// Unlabelled objects (V8's maps, descriptor arrays, builtins' state) stay under "(GC roots)".

import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { createServer as createNetServer } from 'node:net'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromiumArgs, chromiumPath } from '../scripts/ensure-chromium.mjs'

const benchDir = dirname(fileURLToPath(import.meta.url))
const root = resolve(benchDir, '..')
// acorn and trace-mapping come with the workspace's tooling (pnpm's hoisted store).
const requireTool = createRequire(join(root, 'node_modules', '.pnpm', 'node_modules', 'noop.js'))
const acorn = requireTool('acorn')
const { TraceMap, originalPositionFor } = requireTool('@jridgewell/trace-mapping')
const { chromium } = createRequire(join(root, 'package.json'))('playwright-core')

const SELECTORS = {
  'portico-readme': ['[data-slot="connect-button"]', '[role="dialog"] [data-slot="connect-view"]'],
  'portico-modal': ['#root button', '[role="dialog"] [data-slot="connect-view"]'],
  'portico-headless': ['#connect', '#wallets'],
  react: ['#connect', '#wallets'],
}
const argv = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`)
  return i === -1 ? dflt : argv[i + 1]
}
const pageId = argv[0]
if (!SELECTORS[pageId]) throw new Error(`usage: heap-snapshot.mjs <${Object.keys(SELECTORS).join('|')}> [--top N]`)
const [buttonSel, listSel] = SELECTORS[pageId]
const dist = join(benchDir, 'dist', pageId)
if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no page: build it with bench/run.mjs`)
const TOP = Number(opt('top', 40))
const snapshotFile = opt('keep', join(dist, 'heap.heapsnapshot'))

// ---------------------------------------------------------------- the snapshot
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2' }
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
  const file = join(dist, path === '/' ? 'index.html' : path)
  if (!existsSync(file)) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
  res.end(readFileSync(file))
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const url = `http://127.0.0.1:${server.address().port}/`
// Only loopback is reachable (as in bench/run.mjs).
const block = createNetServer((socket) => socket.destroy())
await new Promise((ok) => block.listen(0, '127.0.0.1', ok))
const browser = await chromium.launch({
  executablePath: chromiumPath,
  headless: true,
  args: [
    ...chromiumArgs,
    `--proxy-server=http://127.0.0.1:${block.address().port}`,
    '--proxy-bypass-list=localhost;127.0.0.1;[::1]',
    '--js-flags=--expose-gc',
  ],
})

/** Loads the page, presses the button, waits for the list and 1 s; returns the CDP session. */
async function openModal() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.addInitScript(
    ({ button, list }) => {
      const state = { button: null, list: false }
      window.__heap = state
      const tick = () => {
        const b = document.querySelector(button)
        if (b && b.getBoundingClientRect().width > 0) state.button = b
        if (document.querySelector(list)) state.list = true
        requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    },
    { button: buttonSel, list: listSel },
  )
  const cdp = await context.newCDPSession(page)
  await page.goto(url, { waitUntil: 'load' })
  // Driven over CDP alone, as the bench does: Playwright's own scripts stay out of the page's heap.
  const js = async (expression) => {
    const r = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text)
    return r.result.value
  }
  const until = (condition) =>
    js(`new Promise((ok, no) => {
      const t0 = performance.now()
      const tick = () => (${condition}) ? ok(true) : performance.now() - t0 > 20000 ? no(new Error('timed out')) : setTimeout(tick, 50)
      tick()
    })`)
  await until('window.__heap.button')
  await new Promise((r) => setTimeout(r, 1500))
  const [x, y] = await js(
    '(() => { const r = window.__heap.button.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()',
  )
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y })
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 })
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 })
  await until('window.__heap.list')
  await new Promise((r) => setTimeout(r, 1000))
  await js('window.gc?.()')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  return { context, cdp }
}

// The bench's figures come after a warm-up load in the same browser (the code cache is warm).
await (await openModal()).context.close()
const { context, cdp } = await openModal()
const { usedSize } = await cdp.send('Runtime.getHeapUsage')
// Script ids to URLs: Debugger.enable replays scriptParsed for every live script.
const scripts = {}
cdp.on('Debugger.scriptParsed', (e) => {
  scripts[e.scriptId] = e.url
})
await cdp.send('Debugger.enable')
await cdp.send('Debugger.disable')
const stream = createWriteStream(snapshotFile)
cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => stream.write(e.chunk))
await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
await new Promise((ok) => stream.end(ok))
await context.close()
await browser.close()
server.close()
block.close()

// ---------------------------------------------------------------- the graph
const snap = JSON.parse(readFileSync(snapshotFile, 'utf8'))
if (!opt('keep')) rmSync(snapshotFile)
const meta = snap.snapshot.meta
const NF = meta.node_fields.length
const EF = meta.edge_fields.length
const { nodes, edges, strings } = snap
const N = nodes.length / NF
const [iType, iName, iSelf, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
  meta.node_fields.indexOf(f),
)
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f))
const type = (n) => meta.node_types[0][nodes[n * NF + iType]]
const name = (n) => strings[nodes[n * NF + iName]]
const self = (n) => nodes[n * NF + iSelf]
const firstEdge = new Uint32Array(N + 1)
for (let n = 0, e = 0; n < N; n++) {
  firstEdge[n] = e
  e += nodes[n * NF + iEdges]
}
firstEdge[N] = edges.length / EF
const edgeType = (e) => meta.edge_types[0][edges[e * EF + eType]]
const edgeName = (e) => {
  const v = edges[e * EF + eName]
  return edgeType(e) === 'element' || edgeType(e) === 'hidden' ? v : strings[v]
}
const edgeTo = (e) => edges[e * EF + eTo] / NF

// Dominators (Cooper, Harvey and Kennedy's iterative algorithm) over a depth-first postorder.
const post = new Int32Array(N).fill(-1)
const order = []
{
  const next = firstEdge.slice(0, N)
  const seen = new Uint8Array(N)
  const stack = [0]
  seen[0] = 1
  while (stack.length) {
    const n = stack[stack.length - 1]
    if (next[n] < firstEdge[n + 1]) {
      const e = next[n]++
      const t = edgeTo(e)
      if (edgeType(e) !== 'weak' && !seen[t]) {
        seen[t] = 1
        stack.push(t)
      }
    } else {
      stack.pop()
      post[n] = order.length
      order.push(n)
    }
  }
}
const preds = Array.from({ length: N }, () => [])
for (const n of order)
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) if (edgeType(e) !== 'weak') preds[edgeTo(e)].push(n)
const idom = new Int32Array(N).fill(-1)
idom[0] = 0
const intersect = (a, b) => {
  while (a !== b) {
    while (post[a] < post[b]) a = idom[a]
    while (post[b] < post[a]) b = idom[b]
  }
  return a
}
for (let changed = true; changed; ) {
  changed = false
  for (let i = order.length - 2; i >= 0; i--) {
    const n = order[i]
    let d = -1
    for (const p of preds[n]) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d)
    if (d !== idom[n]) {
      idom[n] = d
      changed = true
    }
  }
}

// ---------------------------------------------------------------- source positions
const chunks = new Map()
function chunkOf(scriptUrl) {
  if (!scriptUrl) return null
  if (chunks.has(scriptUrl)) return chunks.get(scriptUrl)
  const path = join(dist, new URL(scriptUrl).pathname)
  let chunk = null
  if (existsSync(path)) {
    const code = readFileSync(path, 'utf8')
    const lineStarts = [0]
    for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1)
    // Top-level declarations by name (the module context's variables), at their initialiser.
    const decls = new Map()
    const bind = (p, at) => {
      if (!p) return
      if (p.type === 'Identifier') decls.set(p.name, at)
      else if (p.type === 'ObjectPattern') for (const q of p.properties) bind(q.value ?? q.argument, at)
      else if (p.type === 'ArrayPattern') for (const q of p.elements) bind(q, at)
      else if (p.type === 'AssignmentPattern') bind(p.left, at)
      else if (p.type === 'RestElement') bind(p.argument, at)
    }
    for (let s of acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }).body) {
      if (s.type === 'ExportNamedDeclaration' && s.declaration) s = s.declaration
      if (s.type === 'VariableDeclaration') for (const d of s.declarations) bind(d.id, (d.init ?? d).start)
      else if (s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') bind(s.id, s.start)
    }
    const map = existsSync(`${path}.map`) ? new TraceMap(readFileSync(`${path}.map`, 'utf8')) : null
    chunk = { path, map, lineStarts, decls }
  }
  chunks.set(scriptUrl, chunk)
  return chunk
}
const moduleAt = (chunk, line, column) => {
  if (!chunk?.map) return null
  const { source } = originalPositionFor(chunk.map, { line: line + 1, column })
  return source ? source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '') : null
}
const moduleAtOffset = (chunk, offset) => {
  let lo = 0
  let hi = chunk.lineStarts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (chunk.lineStarts[mid] <= offset) lo = mid
    else hi = mid - 1
  }
  return moduleAt(chunk, lo, offset - chunk.lineStarts[lo])
}

// ---------------------------------------------------------------- labels
const own = new Array(N)
const scriptOf = new Map()
{
  const lf = meta.location_fields
  const [oI, sI, lI, cI] = ['object_index', 'script_id', 'line', 'column'].map((f) => lf.indexOf(f))
  const locations = snap.locations ?? []
  for (let i = 0; i < locations.length; i += lf.length) {
    const n = locations[i + oI] / NF
    const scriptUrl = scripts[locations[i + sI]]
    scriptOf.set(n, scriptUrl)
    const source = moduleAt(chunkOf(scriptUrl), locations[i + lI], locations[i + cI])
    if (source) own[n] = source
  }
}
// A context most of whose variables are its chunk's top-level declarations is the chunk's module
// context: what one of its variables alone holds belongs to the module declaring it.
const contexts = new Map()
for (const [n, scriptUrl] of scriptOf)
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++)
    if (edgeName(e) === 'context') contexts.set(edgeTo(e), scriptUrl)
for (const [ctx, scriptUrl] of contexts) {
  const chunk = chunkOf(scriptUrl)
  if (!chunk) continue
  const vars = []
  for (let e = firstEdge[ctx]; e < firstEdge[ctx + 1]; e++) if (edgeType(e) === 'context') vars.push(e)
  const top = vars.filter((e) => chunk.decls.has(edgeName(e)))
  if (vars.length < 8 || top.length < vars.length * 0.8) continue
  own[ctx] = `(module context of ${basename(chunk.path)})`
  for (const e of top) {
    const t = edgeTo(e)
    const source = idom[t] === ctx && moduleAtOffset(chunk, chunk.decls.get(edgeName(e)))
    if (source) own[t] = source
  }
}
for (let n = 0; n < N; n++) if (type(n) === 'synthetic' && !own[n]) own[n] = `(${name(n)})`
// Code: from each SharedFunctionInfo (to a live closure's module, else its chunk) and from live
// closures' feedback, through what only code reaches. Not through a closure's `code` edge: that is
// often a builtin shared by every function (the lazy-compile or interpreter entry).
const codeOwn = new Array(N)
const queue = []
const claim = (n, label) => {
  if (codeOwn[n] || own[n]) return
  codeOwn[n] = label
  queue.push(n)
}
for (let n = 0; n < N; n++) {
  if (type(n) !== 'closure' || !own[n]) continue
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++)
    if (edgeName(e) === 'shared' || edgeName(e) === 'feedback_cell') claim(edgeTo(e), own[n])
}
for (let n = 0; n < N; n++) {
  if (!name(n).startsWith('system / SharedFunctionInfo')) continue
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++)
    if (edgeName(e) === 'script') {
      const scriptUrl = name(edgeTo(e)).replace(/^system \/ Script \/ ?/, '')
      claim(n, `(code of ${scriptUrl ? basename(scriptUrl) : 'a script'}, no live closure)`)
    }
}
for (let q = 0; q < queue.length; q++) {
  const n = queue[q]
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) {
    if (edgeType(e) === 'weak' || edgeName(e) === 'script' || edgeName(e) === 'map') continue
    const t = edgeTo(e)
    // Only a function's own scope info: an enclosing one (a chunk's top-level scope, its variables'
    // names) is not the first inner function's.
    if (name(t) === 'system / ScopeInfo' && edgeName(e) !== 'name_or_scope_info') continue
    if (['code', 'array', 'hidden'].includes(type(t))) claim(t, codeOwn[n])
  }
}
const label = new Array(N)
for (let i = order.length - 1; i >= 0; i--) {
  const n = order[i]
  label[n] = own[n] ?? (n === 0 ? '(root)' : label[idom[n]])
  if (codeOwn[n] && label[n].startsWith('(')) label[n] = codeOwn[n]
}

// ---------------------------------------------------------------- report
const packageOf = (l) => {
  if (l.startsWith('(')) return l.replace(/chunk-\w+\.js|main-\w+\.js/, 'a chunk')
  const parts = l.split('/')
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts.slice(0, 3).join('/')
}
const sums = { type: new Map(), package: new Map(), module: new Map() }
let total = 0
const add = (map, key, size) => map.set(key, (map.get(key) ?? 0) + size)
for (const n of order) {
  if (type(n) === 'native' || type(n) === 'synthetic') continue
  total += self(n)
  add(sums.type, type(n), self(n))
  add(sums.package, packageOf(label[n]), self(n))
  add(sums.module, label[n], self(n))
}
const kib = (x) => (x / 1024).toFixed(1).padStart(8)
console.log(
  `${pageId}: usedSize ${(usedSize / 1e6).toFixed(3)} MB; JS objects in the snapshot ${(total / 1e6).toFixed(3)} MB`,
)
for (const [title, map, top] of [
  ['by node type', sums.type, 12],
  ['by package (owner)', sums.package, TOP],
  ['by module (owner)', sums.module, TOP * 2],
]) {
  console.log(`\n## ${title}`)
  for (const [key, size] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${kib(size)} KiB  ${key}`)
}
// --detail <text>: what the owners whose label contains <text> hold, by node type and name.
const detail = opt('detail')
if (detail) {
  const held = new Map()
  for (const n of order)
    if (type(n) !== 'native' && type(n) !== 'synthetic' && label[n].includes(detail))
      add(held, `${type(n)} ${name(n).slice(0, 60)}`, self(n))
  console.log(`\n## held by owners matching ${detail}`)
  for (const [key, size] of [...held].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${kib(size)} KiB  ${key}`)
}
