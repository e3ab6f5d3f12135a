// Keeps the test browsers offline (Vitest's browser project, the e2e files, the consumer test):
// only loopback loads. Only Node built-ins; vitest.config.ts and the plain .mjs tests import it.
//
// Chromium's own host resolver does the refusing: every host name and IP literal but loopback's
// resolves to "not found", so a request off the machine fails at once in the page, a WebSocket
// never opens, and nothing reaches Node on the way. This replaced a Playwright route
// (`context.route(predicate)`), which paused every request, loopback ones and each Vite module
// included, for a round trip to Node that decided. Measured on a quiet 2-core machine, eight
// browser-project files (Modal, All Wallets, WalletConnect, Send, Swap, on-ramp, locales, Pay):
// 106-112 s and 72-76 CPU-s with the route, 92 s and 52 CPU-s with the resolver rule. Chromium's
// background requests (autofill and the like), which a route never saw, fail too.

/** Loopback names and addresses, as the resolver rule lets them through. */
const loopbackHosts = ['localhost', '*.localhost', '127.0.0.1', '::1']

/**
 * Chromium switches for an offline browser: pass them in `launch({ args })` beside the others.
 * `MAP * ~NOTFOUND` covers host names and IP literals (an IPv4 or IPv6 literal, the machine's own
 * address, link-local); the `EXCLUDE`s keep loopback's usual resolution.
 */
export const offlineArgs = [
  `--host-resolver-rules=MAP * ~NOTFOUND, ${loopbackHosts.map((host) => `EXCLUDE ${host}`).join(', ')}`,
]

/** Whether a URL stays on this machine as the resolver rule has it (data:, blob: and the like do). */
export function isLoopbackUrl(url) {
  const { protocol, hostname } = typeof url === 'string' ? new URL(url) : url
  if (!/^(https?|wss?):$/.test(protocol)) return true
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1'
}

/**
 * The requests (HTTP and WebSocket) a context's pages made off loopback, each of which failed: for
 * a test to assert there are none. `onBlocked` hears each as it comes. Listening costs nothing per
 * request that succeeds (Playwright sends Node only the failures and the sockets).
 */
export function watchOffLoopback(context, onBlocked = () => {}) {
  const blocked = []
  const note = (url) => {
    if (isLoopbackUrl(url)) return
    blocked.push(url)
    onBlocked(url)
  }
  context.on('requestfailed', (request) => note(request.url()))
  const watchPage = (page) => page.on('websocket', (socket) => note(socket.url()))
  for (const page of context.pages()) watchPage(page)
  context.on('page', watchPage)
  return blocked
}
