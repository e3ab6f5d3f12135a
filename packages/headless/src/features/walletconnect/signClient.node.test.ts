import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startRelay, type WalletConnectRelay } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'

// The published build in plain Node, as a server-side or script host runs it: Node loads the
// WalletConnect SDK's CommonJS build, whose default export is not the class a bundler (or
// Vitest's interop) gives. Run after `npm run build` (`npm test` builds first).

const core = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../../dist/exports/core.js')).href
let relay: WalletConnectRelay
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  await relay?.stop()
})

/** Runs `code` as an ES module in a fresh Node process; resolves with what it printed. */
function node(code: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: dirname(fileURLToPath(core)) })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (exit) => resolve({ stdout, stderr, code: exit }))
  })
}

test('behavior: in plain Node, connecting over WalletConnect publishes a pairing URI on the relay (the SDK is started from its CommonJS build)', async () => {
  const out = await node(`
    const h = await import(${JSON.stringify(core)})
    const portico = h.createPortico({
      projectId: 'node-host',
      metadata: { name: 'Node host', description: 'a script', url: 'http://127.0.0.1', icons: [] },
      adapters: [h.eip155Adapter()],
      networks: [h.eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', testnet: true })],
      storage: null,
      ssr: false,
      blockchainApi: false,
      remoteConfig: false,
      walletConnect: { relayUrl: ${JSON.stringify(relay.url)}, verifyUrl: false, storage: h.createMemoryWalletConnectStorage() },
    })
    const connector = h.getConnectors(portico, { namespace: 'eip155' }).find((c) => c.id === 'walletConnect')
    const { watchWalletConnectUri } = await import(${JSON.stringify(core.replace(/core\.js$/, 'walletconnect.js'))})
    const controller = new AbortController()
    const uri = new Promise((resolve) => watchWalletConnectUri(portico, { onChange: (p) => p && resolve(p.uri) }))
    const failed = h.connect(portico, { connector, signal: controller.signal }).then(
      () => 'connected',
      (e) => 'failed: ' + (e.cause?.message ?? e.message),
    )
    console.log(await Promise.race([uri, failed]))
    controller.abort()
    process.exit(0)
  `)
  expect(out.stdout.trim(), out.stderr).toMatch(/^wc:[0-9a-f]{64}@2\?/)
}, 60_000)
