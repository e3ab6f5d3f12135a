import type { Server } from 'node:http'
import { createAdaptorServer, type HttpBindings } from '@hono/node-server'
import type { Hono } from 'hono'
import { formatHostPort, listenOnLoopback } from './net.js'

/** @internal Hono's environment under `@hono/node-server`: the raw Node request and response. */
export type NodeEnv = { Bindings: HttpBindings }

/** @internal A Hono app listening on a loopback port. */
export interface HonoServer {
  /** `http://host:port`, no trailing slash. */
  url: string
  port: number
  stop(): Promise<void>
}

/**
 * @internal
 * Serves a Hono app on a loopback host (port 0: any free one). The node adapter is told not to
 * replace the process's global `Request`/`Response` (the devnet shares its process with tests and
 * other clients), and `stop()` drops open keep-alive connections so a stop never waits on a client.
 */
export async function serveHono(app: Hono<NodeEnv>, host: string, port = 0): Promise<HonoServer> {
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server
  const bound = await listenOnLoopback(server, host, port)
  let stopping: Promise<void> | undefined
  return {
    url: `http://${formatHostPort(host, bound)}`,
    port: bound,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopping
    },
  }
}
