// The browser tests' module cache: Chromium keeps the test server's modules for the run.
//
// Each browser test file runs in a page of its own, which imports its whole module graph again
// (about 500 modules for a file of the modal's views). Vite answers a source module with
// `Cache-Control: no-cache`, right for a developer editing files: so every file's page asked the
// server again for every module, and the server answered each (a 304, often a 200 again). In a run
// (`vitest run`, as `npm test`) no source changes until the run ends, so a module's answer may be
// kept for the run: the next file's page takes it from Chromium's cache without a request.
//
// Measured on a quiet 2-core machine, 38 browser files (the Connect, Swap and modal folders, 235
// tests), twice each way: requests reaching the server 14,299 → 4,472; CPU (Vitest, Vite and
// Chromium together) 95-99 s → 73-87 s; wall 136-140 s → 122-130 s. In watch mode nothing changes:
// an edited file must reach the next run of its tests.
//
// Only Node built-ins: vitest.config.ts imports this.

/** A module a page imports (source, stylesheet, a prebundled dependency), not a page or a test file. */
const isModule = (url) => {
  const [path = '', query = ''] = url.split('?')
  // The test files carry a per-run query (`browserv=`) and are loaded once each: left as they are.
  return /\.(m?[jt]sx?|css)$/.test(path) && !/(^|&)browserv=/.test(query)
}

/** How long Chromium may keep a module: longer than any run, shorter than a day. */
export const moduleCacheControl = 'private, max-age=43200'

/**
 * A Vite plugin for the browser project: in a run, the server's module answers may be kept by
 * Chromium until the run ends (see above); in watch mode it does nothing.
 *
 * @param {{ watch?: boolean }} [options] Whether Vitest watches files; by default read from Vitest
 *   itself when it configures the project (`configureVitest`).
 */
export function browserModuleCache(options = {}) {
  let watching = options.watch ?? true
  return {
    name: 'portico:browser-module-cache',
    configureVitest({ vitest }) {
      if (options.watch === undefined) watching = vitest.config.watch
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!watching && req.method === 'GET' && isModule(req.originalUrl ?? req.url ?? '')) {
          const setHeader = res.setHeader.bind(res)
          res.setHeader = (name, value) =>
            setHeader(name, String(name).toLowerCase() === 'cache-control' ? moduleCacheControl : value)
        }
        next()
      })
    },
  }
}
