import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'

import './provided.js'

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * An image host on loopback for the UI's browser tests: `/ok.png` answers at once, `/hang`
 * never answers (a slow CDN), so the 2 s preload timeout can be tested deterministically.
 */
export async function setup(project: TestProject) {
  const hanging = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    if (req.url === '/ok.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' })
      res.end(png)
    } else if (req.url === '/hang') {
      hanging.add(res)
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  project.provide('imageServerUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  return async () => {
    for (const res of hanging) res.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}
