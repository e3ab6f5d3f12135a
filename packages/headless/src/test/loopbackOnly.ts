// Node tests never reach past loopback. Any fetch to another host fails at once, loudly, instead
// of leaving the machine (the browser project aborts such requests in Chromium the same way).
const realFetch = globalThis.fetch
const loopback = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !loopback.has(url.hostname))
    return Promise.reject(new TypeError(`Blocked in tests: ${url.origin} is not loopback`))
  return realFetch(input, init)
}
