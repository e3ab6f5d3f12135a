// Keeps a browser context offline at no cost per request. Chromium sends every request that is not
// for loopback to this proxy, which records what was asked for and closes the connection: the page
// sees a network error, as for a host that cannot be reached, and nothing leaves the machine.
//
// Why not Playwright's `context.route(predicate)`: it pauses every request, loopback ones included,
// for a round trip to Node that decides. An e2e file (multiWalletKinds) spent 7 of its 96 CPU
// seconds on that (Chromium's browser process and the test's Node process), alone on a quiet
// 2-core machine.
import { createServer } from 'node:net'

/**
 * What goes direct (Chromium's bypass rules): loopback names and addresses only. `<-loopback>`
 * drops Chromium's implicit list, which also lets link-local addresses (169.254.0.0/16) through.
 */
export const loopbackBypass = '<-loopback>,localhost,*.localhost,127.0.0.1/8,[::1]'

/** Whether a URL stays on this machine as the bypass rules have it (data:, blob: and the like do). */
export function isLoopbackUrl(url) {
  const { protocol, hostname } = new URL(url)
  if (!/^(https?|wss?):$/.test(protocol)) return true
  const host = hostname.replace(/^\[|\]$/g, '')
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * The requests (HTTP and WebSocket) a context's pages made off loopback, which the proxy refused:
 * for a test to assert there are none. The browser's own background requests (autofill queries
 * for a form, say) reach the proxy too and are refused, but no page made them, so they are not
 * listed here. `onBlocked` hears each as it comes.
 */
export function watchPageRequestsOffLoopback(context, onBlocked = () => {}) {
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

/**
 * Starts the proxy on a free loopback port. `proxy` goes into Playwright's context or launch
 * options; `blocked` lists the request targets it refused (an absolute URL, or `host:port` of a
 * tunnel for https and WebSocket), in order; `onBlocked` hears each as it comes.
 */
export async function startOfflineProxy(onBlocked = () => {}) {
  const blocked = []
  const sockets = new Set()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    socket.once('data', (chunk) => {
      const [method = '', target = ''] = chunk.toString('latin1').split('\r\n', 1)[0].split(' ')
      const asked = method === 'CONNECT' ? target : target || method
      blocked.push(asked)
      onBlocked(asked)
      socket.destroy()
    })
  })
  // The proxy never keeps its process alive (a config that starts one must still exit).
  server.unref()
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    proxy: { server: `http://127.0.0.1:${server.address().port}`, bypass: loopbackBypass },
    blocked,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
