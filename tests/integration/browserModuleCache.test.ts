import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { browserModuleCache, moduleCacheControl } from '../../scripts/browser-module-cache.mjs'

// The browser project's module cache on a real Vite dev server: in a run a module's answer may be
// kept, a page or a test file's is not; in watch mode (and by default) every answer is Vite's own.
const root = mkdtempSync(join(tmpdir(), 'portico-module-cache-'))
writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.ts"></script>')
writeFileSync(join(root, 'main.ts'), "import './look.css'\nexport const answer: number = 42\n")
writeFileSync(join(root, 'look.css'), 'body { color: red }\n')
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function serve(plugin: ReturnType<typeof browserModuleCache>) {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false, ws: false },
    optimizeDeps: { noDiscovery: true },
    plugins: [plugin],
  })
  await server.listen()
  return server
}

const cacheControl = async (server: ViteDevServer, path: string) => {
  const response = await fetch(new URL(path, server.resolvedUrls?.local[0]))
  expect(response.status, path).toBe(200)
  await response.arrayBuffer()
  return response.headers.get('cache-control')
}

describe('in a run', () => {
  let server: ViteDevServer
  beforeAll(async () => {
    server = await serve(browserModuleCache({ watch: false }))
    return () => server.close()
  })

  test('a source module and a stylesheet imported by a page may be kept for the run', async () => {
    expect(await cacheControl(server, '/main.ts')).toBe(moduleCacheControl)
    expect(await cacheControl(server, '/look.css?direct')).toBe(moduleCacheControl)
    expect(moduleCacheControl).toMatch(/max-age=\d+/)
  })

  test("a test file (its per-run `browserv` query) and the page itself keep Vite's answer", async () => {
    expect(await cacheControl(server, '/main.ts?import&browserv=1796657290481')).toBe('no-cache')
    expect(await cacheControl(server, '/')).not.toBe(moduleCacheControl)
  })
})

test("in watch mode, and when Vitest has not said, every answer is Vite's own", async () => {
  for (const plugin of [browserModuleCache({ watch: true }), browserModuleCache()]) {
    const server = await serve(plugin)
    try {
      expect(await cacheControl(server, '/main.ts')).toBe('no-cache')
    } finally {
      await server.close()
    }
  }
})
