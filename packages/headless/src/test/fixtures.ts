import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eip155Adapter } from '../kernel/adapters/eip155/eip155Adapter.js'
import { solanaAdapter } from '../kernel/adapters/solana/solanaAdapter.js'
import { createPortico } from '../kernel/createPortico.js'
import type { PorticoOptions } from '../kernel/options.js'
import type { StorageLike } from '../kernel/state/storage.js'
import { testNetworks } from './networks.js'

export { testNetworks }

/** @internal In-memory Web Storage for tests (each test its own). */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** @internal The two adapters with discovery as in a browser. */
export function testAdapters() {
  return [eip155Adapter(), solanaAdapter()]
}

/**
 * @internal An instance that never reaches a hosted service or a relay (no WalletConnect, no
 * remote features), over the test networks and adapters, with its own memory storage: for tests
 * of options factories and state that need no chain. `overrides` sets any other option (a
 * storage, features, name suffixes).
 */
export function offlinePortico(projectId: string, overrides: Partial<PorticoOptions> = {}) {
  return createPortico({
    projectId,
    walletConnect: false,
    remoteConfig: false,
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: memoryStorage(),
    ...overrides,
  })
}

/** @internal A real HTTP server on loopback whose handler a test can swap. */
export async function startHttpServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const state = { handler, requests: [] as { method: string; url: string }[] }
  const server = createServer((req, res) => {
    state.requests.push({ method: req.method ?? '', url: req.url ?? '' })
    state.handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** @internal Answers JSON with a status. */
export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}
