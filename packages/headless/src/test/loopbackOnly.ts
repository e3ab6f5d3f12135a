// Node tests never reach past loopback. Any fetch to another host fails at once, loudly, instead
// of leaving the machine (the browser project aborts such requests in Chromium the same way).
//
// A worker that keeps its modules from file to file (`isolate: false`) runs this file again before
// each test file: the guard is installed once per `fetch` (an environment may bring its own), not
// wrapped around itself once per file.
const guarded = Symbol.for('portico.loopbackOnly')
const loopback = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

if (!(guarded in globalThis.fetch)) {
  const realFetch = globalThis.fetch
  const loopbackFetch: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !loopback.has(url.hostname))
      return Promise.reject(new TypeError(`Blocked in tests: ${url.origin} is not loopback`))
    return realFetch(input, init)
  }
  globalThis.fetch = Object.assign(loopbackFetch, { [guarded]: true })
}

// A module (for the test that runs it again), used only for its effect above.
export {}
