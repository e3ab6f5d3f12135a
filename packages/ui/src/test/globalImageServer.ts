import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'

// Source path, as globalDevnet.ts does: global setup files load without the `portico-source` condition.
import './provided.js'

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

// A fixture wallet directory: 100 ordinary wallets, one already installed in tests (by rdns),
// and hostile entries (markup in the name, a javascript: link, an oversized name, a malformed one).
const directory: Record<string, unknown>[] = [
  ...Array.from({ length: 100 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0')
    return {
      id: `w${n}`,
      name: `Directory Wallet ${n}`,
      image_id: `img-${n}`,
      webapp_link: `https://wallet${n}.example`,
    }
  }),
  { id: 'installed', name: 'Devnet Wallet (directory)', rdns: 'dev.portico.devnet', image_id: 'img-001' },
  { id: 'evil-markup', name: '<img src=x onerror="window.__pwned=1">Evil', webapp_link: 'javascript:window.__pwned=1' },
  {
    id: 'evil-long',
    name: `Long ${'x'.repeat(400)}`,
    desktop_link: 'data:text/html,<script>window.__pwned=1</script>',
  },
  { id: 'broken' },
]

/**
 * A loopback host for the UI's browser tests:
 * - `/ok.png` answers at once and `/hang` never answers (a slow CDN), for the 2 s preload timeout;
 * - `/getWallets` and `/getWalletImage/{id}`: the wallet directory's shapes, paged, searchable and filtered by `include`/`exclude`;
 *   `/requests` lists the directory requests made so far;
 * - `/no-chain` refuses every JSON-RPC call with HTTP 400 (see chainless.ts).
 */
export async function setup(project: TestProject) {
  const hanging = new Set<ServerResponse>()
  const requests: string[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const cors = { 'access-control-allow-origin': '*' }
    if (url.pathname === '/getWallets') {
      requests.push(url.search)
      const page = Number(url.searchParams.get('page') ?? 1)
      const entries = Number(url.searchParams.get('entries') ?? 40)
      const search = url.searchParams.get('search')?.toLowerCase()
      // `include` keeps only the listed ids and `exclude` drops them, as the hosted directory does.
      const list = (name: string) => url.searchParams.get(name)?.split(',').filter(Boolean)
      const include = list('include')
      const exclude = list('exclude') ?? []
      const matching = directory.filter(
        (w) =>
          (!search ||
            String(w.name ?? '')
              .toLowerCase()
              .includes(search)) &&
          (!include || include.includes(String(w.id))) &&
          !exclude.includes(String(w.id)),
      )
      res.writeHead(200, { 'content-type': 'application/json', ...cors })
      res.end(JSON.stringify({ count: matching.length, data: matching.slice((page - 1) * entries, page * entries) }))
    } else if (url.pathname === '/getAnalyticsConfig') {
      requests.push(`analytics-config${url.search}`)
      res.writeHead(200, { 'content-type': 'application/json', ...cors })
      res.end(JSON.stringify({ isAnalyticsEnabled: true }))
    } else if (url.pathname === '/e' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        requests.push(`event:${body}`)
        res.writeHead(url.searchParams.get('projectId') === 'forbidden' ? 403 : 202, cors)
        res.end()
      })
    } else if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-headers': 'content-type',
        'access-control-allow-methods': 'GET, POST',
      })
      res.end()
    } else if (url.pathname === '/requests') {
      res.writeHead(200, { 'content-type': 'application/json', ...cors })
      res.end(JSON.stringify(requests))
    } else if (url.pathname.startsWith('/getWalletImage/')) {
      res.writeHead(200, { 'content-type': 'image/png', ...cors })
      res.end(png)
    } else if (req.url === '/ok.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' })
      res.end(png)
    } else if (url.pathname === '/no-chain') {
      // A chain that refuses every call at once (test/chainless.ts).
      res.writeHead(400, { 'content-type': 'text/plain', ...cors })
      res.end('no chain runs here')
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
