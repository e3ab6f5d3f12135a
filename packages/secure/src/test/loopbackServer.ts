// A plain HTTP server on 127.0.0.1 for the frame's tests that stand in for a service (the auth
// server's faults, a social login's routes): secure's own, since @portico/auth depends on this
// package and its test servers (packages/auth/src/test/routeServer.ts) run the real auth server.
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

/**
 * Starts `listener` on a free loopback port and closes it when the test ends, cutting the
 * connections it still holds (a request it left unanswered, a kept-alive socket) so the close
 * never waits on them. Resolves once it listens, with its base URL (`http://127.0.0.1:<port>`,
 * no trailing slash).
 *
 * @example
 * ```ts
 * const url = await startLoopbackServer((req, res) => res.writeHead(204).end())
 * const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: page })
 * ```
 */
export async function startLoopbackServer(listener: RequestListener): Promise<string> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
