import type { Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'

/**
 * Turns a user-supplied host into the address to bind, refusing anything that is not loopback.
 * The devnet holds well-known private keys and answers unauthenticated RPC, so exposing it on a
 * LAN interface would let anyone on the network drive it; failing loudly is the safe default.
 */
export function resolveLoopbackHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (bare === 'localhost') return '127.0.0.1' // anvil's --host wants an IP, not a name
  if (net.isIPv4(bare) && bare.startsWith('127.')) return bare
  if (net.isIPv6(bare) && (bare === '::1' || bare === '0:0:0:0:0:0:0:1')) return '::1'
  throw new Error(`@portico/devnet only binds to loopback (127.0.0.0/8, ::1, localhost); refusing host "${host}"`)
}

/** `host:port` as it must appear in a URL (IPv6 literals need brackets). */
export function formatHostPort(host: string, port: number): string {
  return net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`
}

/**
 * Fails with EADDRINUSE unless `port` can be bound on `host` right now. anvil binds with
 * SO_REUSEPORT, so a second anvil on a busy port would start "successfully" and share it with
 * the first; binding it ourselves first (without SO_REUSEPORT) turns that into a clear error.
 */
export function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? Object.assign(new Error(`port ${port} on ${host} is already in use (EADDRINUSE)`), { code: error.code })
          : error,
      )
    })
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()))
  })
}

/**
 * @internal
 * Binds an HTTP server to a loopback host (port 0: any free one), rejecting on a bind error, and
 * resolves with the port it got. `exclusive`: a port two devnets share would mix their traffic.
 */
export function listenOnLoopback(server: Server, host: string, port = 0): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
