// serverSiwx, the client of a host's sign-in server, against @portico/auth's createSiwxHandlers
// over real Node http (src/test/siwxServer.ts), with a viem account signing; servers that answer
// something else are real loopback servers too.
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
// The sign-in server of @portico/auth (by path: a dependency back would be a cycle).
import { browserFetch, startSiwxServer } from '../../../../auth/src/test/siwxServer.js'
import { json, startHttpServer } from '../../test/fixtures.js'
import { siwxKey } from '../../test/siwxFixture.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { serverSiwx } from './serverSiwx.js'

const account = privateKeyToAccount(siwxKey)
const site = { domain: 'app.test', uri: 'https://app.test' }
let siwxServer: Awaited<ReturnType<typeof startSiwxServer>>
let base = ''
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  siwxServer = await startSiwxServer({ ...site, chainIds: ['eip155:1', 'eip155:10'] })
  base = `${siwxServer.base}/api/siwx`
})
afterAll(() => siwxServer?.stop())
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  Reflect.deleteProperty(globalThis, 'location')
})

/** A loopback server that answers every request with `status` and `body`. */
async function answering(status: number, body: string) {
  const server = await startHttpServer((_, res) => json(res, status, body))
  stops.push(server.close)
  return `${server.url}/api/siwx`
}

/** Signs `data`'s message with the test account: a session as the wallet would give it. */
async function signed(data: Awaited<ReturnType<ReturnType<typeof serverSiwx>['createMessage']>>) {
  const message = formatSiwxMessage(data)
  return { data, message, signature: await account.signMessage({ message }) }
}

describe('serverSiwx', () => {
  test('default: the nonce comes from the server; the verified session is read back by its cookie, then revoked', async () => {
    const siwx = serverSiwx({ url: base, fetch: browserFetch().fetch, ...site })
    const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:10' })
    // No statement or expiry unless asked: the server decides the session's lifetime.
    expect(Object.keys(data).sort()).toEqual([
      'accountAddress',
      'chainId',
      'domain',
      'issuedAt',
      'nonce',
      'uri',
      'version',
    ])
    const again = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:10' })
    expect(again.nonce).not.toBe(data.nonce)

    const session = await signed(data)
    await siwx.addSession(session)
    expect(await siwx.getSessions('eip155:10', account.address)).toEqual([session])
    // Another browser (its own cookie jar) has no session.
    expect(
      await serverSiwx({ url: base, fetch: browserFetch().fetch }).getSessions('eip155:10', account.address),
    ).toEqual([])

    await siwx.revokeSession('eip155:10', account.address)
    expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
  })

  test('parameters: statement and expiration go into the message; headers and credentials go with every request; a trailing slash is dropped', async () => {
    const cookies = browserFetch().fetch
    const sent: { url: string; init: RequestInit | undefined }[] = []
    const siwx = serverSiwx({
      url: `${base}//`,
      fetch: (input, init) => {
        sent.push({ url: String(input), init })
        return cookies(input, init)
      },
      ...site,
      statement: 'Sign in to the test app.',
      expiration: 60_000,
      headers: { 'x-api-key': 'key-1' },
      credentials: 'same-origin',
    })
    const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
    expect(data.statement).toBe('Sign in to the test app.')
    expect(Date.parse(data.expirationTime ?? '') - Date.parse(data.issuedAt ?? '')).toBe(60_000)
    await siwx.addSession(await signed(data))
    expect(sent.map((s) => s.url)).toEqual([`${base}/nonce`, `${base}/verify`])
    for (const { init } of sent) {
      expect(init?.credentials).toBe('same-origin')
      expect(init?.headers).toMatchObject({ accept: 'application/json', 'x-api-key': 'key-1' })
    }
    expect(await siwx.getSessions('eip155:1', account.address)).toHaveLength(1)
  })

  test('parameters: credentials default to include, so the cookie reaches a sign-in server on another origin', async () => {
    const sent: (RequestInit | undefined)[] = []
    const siwx = serverSiwx({
      url: base,
      fetch: (input, init) => {
        sent.push(init)
        return fetch(input, init)
      },
    })
    await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
    expect(sent[0]?.credentials).toBe('include')
  })

  test('parameters: required and signOutOnDisconnect (defaults: not required, signs out on disconnect)', () => {
    const defaults = serverSiwx({ url: base })
    expect(defaults.getRequired?.()).toBe(false)
    expect(defaults.signOutOnDisconnect).toBe(true)
    const set = serverSiwx({ url: base, required: true, signOutOnDisconnect: false })
    expect(set.getRequired?.()).toBe(true)
    expect(set.signOutOnDisconnect).toBe(false)
  })

  test('behavior: in a page, a relative url, the domain and the uri come from its location', async () => {
    const page = new URL(siwxServer.base)
    Object.defineProperty(globalThis, 'location', { value: page, configurable: true })
    const siwx = serverSiwx({ url: '/api/siwx' })
    const data = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
    expect(data).toMatchObject({ domain: page.host, uri: page.origin, nonce: expect.stringMatching(/^[A-Za-z0-9]+$/) })
  })

  test('behavior: a session entry without the session shape is dropped; the rest still count', async () => {
    const siwx = serverSiwx({ url: base, fetch: browserFetch().fetch, ...site })
    const session = await signed(await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' }))
    const url = await answering(200, JSON.stringify({ sessions: [{ message: 'no data' }, session, 7] }))
    expect(await serverSiwx({ url }).getSessions('eip155:1', account.address)).toEqual([session])
  })

  test('error: the server refusing a sign-in gives its status and reason', async () => {
    const siwx = serverSiwx({ url: base, fetch: browserFetch().fetch, ...site })
    const session = await signed(await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' }))
    await expect(siwx.addSession({ ...session, signature: `0x${'11'.repeat(65)}` })).rejects.toMatchObject({
      name: 'SiwxRequestError',
      status: 401,
    })
    const url = await answering(503, '{"error":"maintenance"}')
    await expect(serverSiwx({ url }).revokeSession('eip155:1', account.address)).rejects.toMatchObject({
      name: 'SiwxRequestError',
      status: 503,
      reason: 'maintenance',
    })
  })

  test('error: an unreachable server, a route that is not the sign-in server, and a relative url outside a page', async () => {
    const wrongPath = serverSiwx({ url: `${siwxServer.base}/elsewhere`, fetch: browserFetch().fetch })
    await expect(
      wrongPath.createMessage({ accountAddress: account.address, chainId: 'eip155:1' }),
    ).rejects.toMatchObject({ name: 'SiwxRequestError', shortMessage: 'Sign-in server request failed' })
    const closed = serverSiwx({ url: 'http://127.0.0.1:9/api/siwx' })
    await expect(closed.getSessions('eip155:1', account.address)).rejects.toMatchObject({ name: 'SiwxRequestError' })
    const relative = serverSiwx({ url: '/api/siwx' })
    await expect(relative.getSessions('eip155:1', account.address)).rejects.toMatchObject({
      name: 'SiwxRequestError',
      reason: 'not an absolute URL outside a page',
    })
  })

  test.each([
    ['an answer that is not JSON', 'createMessage', '<html>', 'not JSON'],
    ['a nonce answer without a nonce', 'createMessage', '{"token":"x"}', 'no nonce in the answer'],
    ['a session answer without a sessions list', 'getSessions', '{"session":{}}', 'no sessions list in the answer'],
  ] as const)('error: %s is a SiwxRequestError that says so', async (_, call, body, reason) => {
    const siwx = serverSiwx({ url: await answering(200, body) })
    const result =
      call === 'createMessage'
        ? siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:1' })
        : siwx.getSessions('eip155:1', account.address)
    await expect(result).rejects.toMatchObject({ name: 'SiwxRequestError', reason })
  })
})
