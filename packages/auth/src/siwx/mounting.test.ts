// The sign-in routes mounted the three ways a host does (a Node server, route handlers called
// with web Requests, an edge runtime with web APIs only), and the session id they issue: new at
// every sign-in, whatever cookie the browser brought.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { formatSiwxMessage } from '@portico/headless/siwx'
import { generateSiwxNonce } from '@portico/headless/siwx/config'
import { EdgeRuntime } from 'edge-runtime'
import { build } from 'esbuild'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, onTestFinished, test } from 'vitest'
import { createSiwxHandlers, type SiwxRequestHandler } from './createSiwxHandlers.js'
import { toNodeListener } from './toNodeListener.js'

const account = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
const stranger = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
const base = 'https://app.test/api/siwx'

/** A signed sign-in message for `signer` with a nonce from the routes. */
async function signedMessage(handle: SiwxRequestHandler, signer = account, chainId: `eip155:${number}` = 'eip155:1') {
  const { nonce } = (await (await handle(new Request(`${base}/nonce`))).json()) as { nonce: string }
  const message = formatSiwxMessage({
    accountAddress: signer.address,
    chainId,
    domain: 'app.test',
    uri: 'https://app.test',
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  return { message, signature: await signer.signMessage({ message }) }
}

const verifyRequest = (body: unknown, cookie?: string) =>
  new Request(`${base}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })

const cookieValue = (response: Response) => response.headers.get('set-cookie')?.match(/^portico_siwx=([^;]+)/)?.[1]

async function sessionsWith(handle: SiwxRequestHandler, value: string) {
  const response = await handle(new Request(`${base}/session`, { headers: { cookie: `portico_siwx=${value}` } }))
  return ((await response.json()) as { sessions: { data: { accountAddress: string } }[] }).sessions
}

describe('a new session id at every sign-in', () => {
  test('behavior: a cookie value chosen by someone else never becomes a session', async () => {
    const { handle } = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
    // Planted before the victim signs in (e.g. by a sibling subdomain): well formed, never issued.
    const planted = generateSiwxNonce(43)
    const response = await handle(verifyRequest(await signedMessage(handle), `portico_siwx=${planted}`))
    expect(response.status).toBe(200)
    const issued = cookieValue(response)
    expect(issued).toMatch(/^[A-Za-z0-9]{43}$/)
    expect(issued).not.toBe(planted)
    expect(await sessionsWith(handle, planted)).toEqual([])
    expect((await sessionsWith(handle, issued!)).map((s) => s.data.accountAddress)).toEqual([account.address])
  })

  test('behavior: the value an attacker signed in with stops working when the victim signs in with it', async () => {
    const { handle } = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
    const attacker = cookieValue(await handle(verifyRequest(await signedMessage(handle, stranger))))!
    expect(await sessionsWith(handle, attacker)).toHaveLength(1)
    const victim = await handle(verifyRequest(await signedMessage(handle), `portico_siwx=${attacker}`))
    const issued = cookieValue(victim)!
    expect(issued).not.toBe(attacker)
    // The attacker's value holds nothing any more: whatever the victim does next is not visible through it.
    expect(await sessionsWith(handle, attacker)).toEqual([])
    expect(await sessionsWith(handle, issued)).toHaveLength(2)
  })

  test('behavior: a browser signed in on two networks keeps both across the new id', async () => {
    const { handle } = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
    const first = cookieValue(await handle(verifyRequest(await signedMessage(handle))))!
    const second = await handle(
      verifyRequest(await signedMessage(handle, account, 'eip155:10'), `portico_siwx=${first}`),
    )
    const issued = cookieValue(second)!
    expect(issued).not.toBe(first)
    expect(await sessionsWith(handle, issued)).toHaveLength(2)
    expect(await sessionsWith(handle, first)).toEqual([])
  })
})

describe('mounting', () => {
  test('behavior: as Next.js route handlers, called with web Requests (app/api/siwx/[route]/route.ts)', async () => {
    const siwx = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
    const route = { GET: siwx.handle, POST: siwx.handle, DELETE: siwx.handle }
    const signed = await signedMessage(route.GET)
    const verified = await route.POST(verifyRequest(signed))
    expect(verified.status).toBe(200)
    const cookie = `portico_siwx=${cookieValue(verified)}`
    const listed = await route.GET(new Request(`${base}/session`, { headers: { cookie } }))
    expect(((await listed.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)
    const revoked = await route.DELETE(new Request(`${base}/session`, { method: 'DELETE', headers: { cookie } }))
    expect(await revoked.json()).toEqual({ revoked: 1 })
    // Per-route exports work the same (app/api/siwx/nonce/route.ts: export const GET = siwx.nonce).
    expect((await siwx.nonce(new Request(`${base}/nonce`))).status).toBe(200)
    expect((await route.GET(new Request(`${base}/elsewhere`))).status).toBe(404)
  })

  test('behavior: in a Node server through toNodeListener, beside the host own routes', async () => {
    const siwx = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
    const listener = toNodeListener(siwx.handle)
    const server = createServer((req, res) =>
      req.url?.startsWith('/api/siwx/') ? listener(req, res) : res.end('host'),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const { nonce } = (await (await fetch(`${origin}/api/siwx/nonce`)).json()) as { nonce: string }
    expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(await (await fetch(`${origin}/`)).text()).toBe('host')
  })

  test('behavior: in an edge runtime (web APIs only, no Node): nonce, verify, session', async () => {
    const entry = fileURLToPath(new URL('../siwx.ts', import.meta.url))
    const bundle = await build({
      stdin: {
        contents: `import { createSiwxHandlers } from ${JSON.stringify(entry)}
globalThis.siwx = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })`,
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      conditions: ['portico-source', 'worker', 'browser'],
      // What edge bundlers (Next.js, wrangler) define for the libraries that read it.
      define: { 'process.env.NODE_ENV': '"production"' },
      metafile: true,
      logLevel: 'silent',
    })
    // Nothing from Node's standard library made it in.
    const inputs = Object.keys(bundle.metafile.inputs)
    expect(inputs.filter((input) => input.startsWith('node:') || /@hono\/node-server/.test(input))).toEqual([])
    const runtime = new EdgeRuntime({ initialCode: bundle.outputFiles[0]!.text })
    expect(runtime.evaluate('typeof process + typeof require + typeof Buffer')).toBe('undefinedundefinedundefined')
    const call = async (request: string) => {
      const response = (await runtime.evaluate(`siwx.handle(${request})`)) as Response
      return { status: response.status, cookie: response.headers.get('set-cookie'), body: await response.json() }
    }
    const { body: issued } = await call(`new Request('${base}/nonce')`)
    const message = formatSiwxMessage({
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: 'app.test',
      uri: 'https://app.test',
      version: '1',
      nonce: (issued as { nonce: string }).nonce,
      issuedAt: new Date().toISOString(),
    })
    const signature = await account.signMessage({ message })
    const verified = await call(
      `new Request('${base}/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify({ message, signature }))} })`,
    )
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ session: { data: { accountAddress: account.address } } })
    const cookie = verified.cookie!.split(';')[0]!
    const listed = await call(`new Request('${base}/session', { headers: { cookie: '${cookie}' } })`)
    expect((listed.body as { sessions: unknown[] }).sessions).toHaveLength(1)
    // A replay of the same message is refused in the edge runtime as anywhere.
    const replay = await call(
      `new Request('${base}/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify({ message, signature }))} })`,
    )
    expect(replay).toMatchObject({ status: 401, body: { error: 'replayed_nonce' } })
    // Bundling the entry with esbuild takes seconds on a busy machine.
  }, 120_000)
})
