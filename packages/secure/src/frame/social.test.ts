// The frame's half of a social login (createSocialLogin) through the frame's real auth client,
// against a loopback HTTP server speaking the auth server's /v1/social/start and /v1/social/connect
// (each state answered once, as the real server does): which popup result the frame believes (the
// auth server's origin only, the login in progress only, once), what it sends to the server (only
// the URI of that result), and its refusals with the spec's texts ('Failed to initiate social
// connection', 'Failed to connect'). The real providers through the real auth server, and a result
// from another origin there, are packages/auth/src/social/social.devnet.test.ts; the popup and the
// whole frame in a page are tests/e2e/embeddedSocial*.test.ts.
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { startLoopbackServer } from '../test/loopbackServer.js'
import { rejection } from '../test/rejection.js'
import { createAuthApi } from './authApi.js'
import { createSocialLogin, socialResultType } from './social.js'
import { memoryStore, useStore } from './vault.js'

const PAGE = 'http://127.0.0.1:5173'

type Started = { state: string; used: boolean }
/** A loopback auth server for social logins: start hands out a state, connect takes each state once. */
async function startAuth() {
  const started = new Map<string, Started>()
  const connects: string[] = []
  const url = await startLoopbackServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const send = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      const fail = () => send(401, { error: { code: 'SOCIAL_LOGIN_FAILED', message: 'Social login failed' } })
      const parsed = JSON.parse(body || '{}') as { provider?: string; uri?: string }
      if (req.url === '/v1/social/start') {
        if (parsed.provider === 'myspace')
          return send(400, { error: { code: 'BAD_REQUEST', message: 'Unknown social provider "myspace"' } })
        if (parsed.provider === 'stateless') return send(200, { uri: 'http://127.0.0.1:1/authorize?client_id=c' })
        const state = randomBytes(16).toString('base64url')
        started.set(state, { state, used: false })
        return send(200, { uri: `http://127.0.0.1:1/authorize?client_id=c&state=${state}&provider=${parsed.provider}` })
      }
      if (req.url === '/v1/social/connect') {
        connects.push(parsed.uri ?? '')
        const uri = new URL(parsed.uri ?? '', 'http://x')
        const login = started.get(uri.searchParams.get('state') ?? '')
        if (!login || login.used || !uri.searchParams.get('code')) return fail()
        login.used = true
        return send(200, {
          token: `token-for-${uri.searchParams.get('code')}`,
          isNewUser: true,
          user: { id: 'u1', email: null, socialProvider: 'github', username: 'ada' },
        })
      }
      send(404, { error: { code: 'NOT_FOUND', message: 'Not found' } })
    })
  })
  const api = createAuthApi({ url, projectId: 'test-project', hostOrigin: PAGE })
  const logs: unknown[][] = []
  const login = createSocialLogin({ api, resultOrigin: url, log: (...args) => logs.push(args) })
  return { url, api, login, connects, logs }
}

/** The callback page's result for `authorize` (a URI carrying the state), as posted to the frame. */
const callbackUri = (url: string, authorize: string, code = 'the-code') =>
  `${url}/v1/social/callback?code=${code}&state=${new URL(authorize).searchParams.get('state')}`
const result = (uri: unknown, origin: string) =>
  new MessageEvent('message', { data: { type: socialResultType, uri }, origin })

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  useStore(Promise.resolve(memoryStore()))
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the result the frame believes', () => {
  test('behavior: the auth server’s result for the login in progress is taken; exactly its URI is sent to connect', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('github')
    expect(uri).toMatch(/^http:\/\/127\.0\.0\.1:1\/authorize\?client_id=c&state=[\w-]+&provider=github$/)
    const connecting = login.connect()
    expect(login.onMessage(result(callbackUri(url, uri), url))).toBe(true)
    await expect(connecting).resolves.toEqual({
      token: 'token-for-the-code',
      isNewUser: true,
      user: { id: 'u1', email: null, socialProvider: 'github', username: 'ada' },
    })
    expect(connects).toEqual([callbackUri(url, uri)])
    expect(warn).not.toHaveBeenCalled()
  })

  test('behavior: a result that arrives before connect is asked is kept for it', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('google')
    expect(login.onMessage(result(callbackUri(url, uri, 'early'), url))).toBe(true)
    await expect(login.connect()).resolves.toMatchObject({ token: 'token-for-early' })
    expect(connects).toHaveLength(1)
  })

  test('security: the host page’s origin naming the right state is ignored; the login goes on with the real result only', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('github')
    const connecting = login.connect()
    for (const origin of [
      PAGE,
      `http://localhost:${new URL(url).port}`,
      'null',
      `${url}/`,
      url.replace('http:', 'https:'),
    ])
      expect(login.onMessage(result(callbackUri(url, uri, 'forged'), origin))).toBe(true)
    expect(warn).toHaveBeenCalledWith('[portico] Ignored a social login result from another origin', PAGE)
    expect(warn).toHaveBeenCalledTimes(5)
    login.onMessage(result(callbackUri(url, uri, 'real'), url))
    await expect(connecting).resolves.toMatchObject({ token: 'token-for-real' })
    expect(connects).toEqual([callbackUri(url, uri, 'real')])
  })

  test('security: a second result for the same login is not taken: the first one logs in, once', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('github')
    const connecting = login.connect()
    login.onMessage(result(callbackUri(url, uri, 'first'), url))
    login.onMessage(result(callbackUri(url, uri, 'second'), url))
    await expect(connecting).resolves.toMatchObject({ token: 'token-for-first' })
    expect(connects).toEqual([callbackUri(url, uri, 'first')])
  })

  test('security: a result replayed after the login finished is refused, and no connect follows from it', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('github')
    const connecting = login.connect()
    const message = result(callbackUri(url, uri), url)
    login.onMessage(message)
    await connecting
    expect(login.onMessage(message)).toBe(true)
    expect(warn).toHaveBeenCalledWith('[portico] Ignored a social login result for no login in progress')
    expect(await rejection(login.connect())).toEqual(new Error('Failed to connect'))
    expect(connects).toHaveLength(1)
  })

  test('security: a stale result (the previous login’s state) is refused once a new login started; the old connect fails', async () => {
    const { url, login, connects } = await startAuth()
    const first = await login.redirectUri('github')
    const firstConnect = rejection(login.connect())
    const second = await login.redirectUri('google')
    expect(await firstConnect).toEqual(new Error('Failed to connect'))
    const secondConnect = login.connect()
    expect(login.onMessage(result(callbackUri(url, first.uri, 'stale'), url))).toBe(true)
    expect(warn).toHaveBeenCalledWith('[portico] Ignored a social login result for no login in progress')
    login.onMessage(result(callbackUri(url, second.uri, 'fresh'), url))
    await expect(secondConnect).resolves.toMatchObject({ token: 'token-for-fresh' })
    expect(connects).toEqual([callbackUri(url, second.uri, 'fresh')])
  })

  test('security: a result with no login started is refused, and connect then fails without calling the server', async () => {
    const { url, login, connects } = await startAuth()
    expect(login.onMessage(result(`${url}/v1/social/callback?code=c&state=s`, url))).toBe(true)
    expect(await rejection(login.connect())).toEqual(new Error('Failed to connect'))
    expect(connects).toEqual([])
  })

  test('edge: results without a readable URI or state are refused, not thrown', async () => {
    const { url, login } = await startAuth()
    const { uri } = await login.redirectUri('github')
    const connecting = login.connect()
    for (const bad of ['not a uri', 42, undefined, `${url}/v1/social/callback?code=c`, { href: uri }])
      expect(login.onMessage(result(bad, url))).toBe(true)
    expect(warn).toHaveBeenCalledTimes(5)
    login.onMessage(result(callbackUri(url, uri), url))
    await expect(connecting).resolves.toMatchObject({ token: 'token-for-the-code' })
  })

  test('behavior: a message that is not a social result is left to the frame’s other listeners', async () => {
    const { url, login } = await startAuth()
    await login.redirectUri('github')
    for (const data of [null, 'text', { type: '@portico-social/done' }, { name: 'CONNECT_SOCIAL' }, [socialResultType]])
      expect(login.onMessage(new MessageEvent('message', { data, origin: url }))).toBe(false)
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('refusals', () => {
  test('error: a provider the server refuses, or an authorization URI without a state: Failed to initiate social connection', async () => {
    const { login, logs } = await startAuth()
    expect(await rejection(login.redirectUri('myspace'))).toEqual(new Error('Failed to initiate social connection'))
    expect(logs[0]?.[0]).toBe('social start failed')
    expect(await rejection(login.redirectUri('stateless'))).toEqual(new Error('Failed to initiate social connection'))
    expect(await rejection(login.connect())).toEqual(new Error('Failed to connect'))
  })

  test('error: a result the server refuses (code already used) is Failed to connect, with the cause only in the log', async () => {
    const { url, login, logs } = await startAuth()
    const { uri } = await login.redirectUri('github')
    const connecting = login.connect()
    login.onMessage(result(`${url}/v1/social/callback?state=${new URL(uri).searchParams.get('state')}`, url))
    expect(await rejection(connecting)).toEqual(new Error('Failed to connect'))
    expect(logs.at(-1)).toEqual(['social connect failed', expect.objectContaining({ code: 'SOCIAL_LOGIN_FAILED' })])
  })

  test('edge: no result within the timeout: Failed to connect without a request; a late result is then refused', async () => {
    const { url, login, connects } = await startAuth()
    const { uri } = await login.redirectUri('github')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let settled = false
    const connecting = rejection(login.connect()).finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await connecting).toEqual(new Error('Failed to connect'))
    vi.useRealTimers()
    expect(login.onMessage(result(callbackUri(url, uri), url))).toBe(true)
    expect(warn).toHaveBeenCalledWith('[portico] Ignored a social login result for no login in progress')
    expect(connects).toEqual([])
  })
})
