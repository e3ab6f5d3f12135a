import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { formatSiwxMessage } from '@portico/headless/siwx'
import { serverSiwx } from '@portico/headless/siwx/config'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { browserFetch, startSiwxServer } from '../test/siwxServer.js'
import { type CreateSiwxHandlersOptions, createSiwxHandlers } from './createSiwxHandlers.js'
import { toNodeListener } from './toNodeListener.js'

const account = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
const servers: Server[] = []
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

/** The sign-in server (src/test/siwxServer.ts) with these tests' defaults, stopped after the test. */
async function start(options: Partial<CreateSiwxHandlersOptions> = {}) {
  const started = await startSiwxServer({
    domain: 'app.test',
    uri: 'https://app.test',
    chainIds: ['eip155:1', 'eip155:10'],
    ...options,
  })
  stops.push(started.stop)
  return started
}

describe('serverSiwx against createSiwxHandlers over Node http', () => {
  test('default: nonce, sign, verify, read the session, call a protected route, sign out', async () => {
    const { base } = await start()
    const browser = browserFetch()
    const siwx = serverSiwx({
      url: `${base}/api/siwx/`,
      fetch: browser.fetch,
      domain: 'app.test',
      uri: 'https://app.test',
      statement: 'Sign in to the test app.',
    })

    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
    expect((await browser.fetch(`${base}/protected`)).status).toBe(401)

    const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
    expect(data).toMatchObject({
      domain: 'app.test',
      uri: 'https://app.test',
      version: '1',
      nonce: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
    })
    const message = formatSiwxMessage(data)
    const signature = await account.signMessage({ message })
    await siwx.addSession({ data, message, signature })
    const [cookieName, cookieValue] = [...browser.jar][0] ?? []
    expect(cookieName).toBe('portico_siwx')
    expect(cookieValue).toMatch(/^[A-Za-z0-9]{43}$/)

    const sessions = await siwx.getSessions('eip155:1', account.address.toLowerCase())
    expect(sessions).toEqual([{ data: { ...data }, message, signature }])
    expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
    expect(await (await browser.fetch(`${base}/protected`)).json()).toEqual({ hello: account.address })

    // Another browser (no cookie) sees nothing.
    const stranger = serverSiwx({ url: `${base}/api/siwx`, fetch: browserFetch().fetch })
    expect(await stranger.getSessions('eip155:1', account.address)).toEqual([])

    await siwx.revokeSession('eip155:1', account.address)
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
    expect((await browser.fetch(`${base}/protected`)).status).toBe(401)
  })

  test('behavior: a replayed or tampered sign-in is refused with its reason', async () => {
    const { base } = await start()
    const siwx = serverSiwx({
      url: `${base}/api/siwx`,
      fetch: browserFetch().fetch,
      domain: 'app.test',
      uri: 'https://app.test',
    })
    const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
    const message = formatSiwxMessage(data)
    const signature = await account.signMessage({ message })
    await siwx.addSession({ data, message, signature })
    await expect(siwx.addSession({ data, message, signature })).rejects.toMatchObject({
      name: 'SiwxRequestError',
      status: 401,
      reason: 'replayed_nonce',
    })
    const fresh = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:10' })
    const freshMessage = formatSiwxMessage(fresh)
    await expect(
      siwx.addSession({
        data: fresh,
        message: freshMessage.replace('Chain ID: 10', 'Chain ID: 1'),
        signature: await account.signMessage({ message: freshMessage }),
      }),
    ).rejects.toMatchObject({ status: 401, reason: 'invalid_signature' })
    await expect(siwx.addSession({ data: fresh, message: 'nonsense', signature: '0x00' })).rejects.toMatchObject({
      status: 400,
      reason: 'malformed_message',
    })
  })

  test('behavior: setSessions replaces every session of the browser', async () => {
    const { base } = await start()
    const browser = browserFetch()
    const siwx = serverSiwx({
      url: `${base}/api/siwx`,
      fetch: browser.fetch,
      domain: 'app.test',
      uri: 'https://app.test',
    })
    const sign = async (chainId: 'eip155:1' | 'eip155:10') => {
      const data = await siwx.createMessage({ accountAddress: account.address, chainId })
      const message = formatSiwxMessage(data)
      return { data, message, signature: await account.signMessage({ message }) }
    }
    await siwx.addSession(await sign('eip155:1'))
    await siwx.setSessions([await sign('eip155:10')])
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
    expect(await siwx.getSessions('eip155:10', account.address)).toHaveLength(1)
    await siwx.setSessions([])
    expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
  })

  test('behavior: the routes refuse wrong methods, non-JSON posts and unknown paths', async () => {
    const { base } = await start()
    expect((await fetch(`${base}/api/siwx/verify`)).status).toBe(405)
    expect((await fetch(`${base}/api/siwx/nonce`, { method: 'POST' })).status).toBe(405)
    // A cross-site form post (text/plain or form-encoded) never reaches the verifier.
    const form = await fetch(`${base}/api/siwx/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'chainId=eip155:1',
    })
    expect(form.status).toBe(415)
    const notJson = await fetch(`${base}/api/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    expect(notJson.status).toBe(400)
    const missing = await fetch(`${base}/api/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":1}',
    })
    expect(await missing.json()).toMatchObject({ error: 'bad_request' })
    expect((await fetch(`${base}/api/siwx/elsewhere`)).status).toBe(404)
    expect((await fetch(`${base}/api/siwx/session?chainId=nope`)).status).toBe(400)
    const nonce = await fetch(`${base}/api/siwx/nonce`)
    expect(nonce.headers.get('cache-control')).toBe('no-store')
    expect(await nonce.json()).toMatchObject({ nonce: expect.any(String), expiresAt: expect.any(String) })
  })

  test('parameters: cookie options and a Secure cookie over https', async () => {
    const handlers = createSiwxHandlers({ domain: 'app.test', cookie: { name: 'sid', sameSite: 'Strict' } })
    const nonce = (await (await handlers.nonce(new Request('https://app.test/api/siwx/nonce'))).json()) as {
      nonce: string
    }
    const message = formatSiwxMessage({
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: 'app.test',
      uri: 'https://app.test/',
      version: '1',
      nonce: nonce.nonce,
      issuedAt: new Date().toISOString(),
    })
    const response = await handlers.verify(
      new Request('https://app.test/api/siwx/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(
      /^sid=[A-Za-z0-9]{43}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Strict; Secure$/,
    )
  })
})

test('behavior: under Express, a body already parsed by express.json() and a mount path both work', async () => {
  const handlers = createSiwxHandlers({ domain: 'app.test', uri: 'https://app.test' })
  const listener = toNodeListener(handlers.handle)
  // What Express does before our listener runs: strip the mount path from req.url, keep
  // originalUrl, and (with express.json()) consume the stream into req.body.
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const expressReq = Object.assign(req, {
      originalUrl: req.url,
      url: (req.url ?? '').replace(/^\/mounted\/siwx/, '') || '/',
      ...(text ? { body: JSON.parse(text) as unknown } : {}),
    })
    listener(expressReq, res, (error) => {
      res.statusCode = 599
      res.end(String(error))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mounted/siwx`
  const browser = browserFetch()
  const siwx = serverSiwx({ url: base, fetch: browser.fetch, domain: 'app.test', uri: 'https://app.test' })
  const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
  const message = formatSiwxMessage(data)
  await siwx.addSession({ data, message, signature: await account.signMessage({ message }) })
  expect(await siwx.getSessions('eip155:1', account.address)).toHaveLength(1)
})

test('behavior: DELETE /session revokes by address in any case, across networks', async () => {
  const { base } = await start()
  const browser = browserFetch()
  const siwx = serverSiwx({
    url: `${base}/api/siwx`,
    fetch: browser.fetch,
    domain: 'app.test',
    uri: 'https://app.test',
  })
  for (const chainId of ['eip155:1', 'eip155:10'] as const) {
    const data = await siwx.createMessage({ accountAddress: account.address, chainId })
    const message = formatSiwxMessage(data)
    await siwx.addSession({ data, message, signature: await account.signMessage({ message }) })
  }
  const all = await browser.fetch(`${base}/api/siwx/session`)
  expect(((await all.json()) as { sessions: unknown[] }).sessions).toHaveLength(2)
  const deleted = await browser.fetch(`${base}/api/siwx/session?address=${account.address.toLowerCase()}`, {
    method: 'DELETE',
  })
  expect(await deleted.json()).toEqual({ revoked: 2 })
  expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
})
