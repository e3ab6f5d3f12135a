// The Farcaster auth relay emulator over HTTP, as apps and the Farcaster app speak to it: channel
// tokens and nonces, what create and authenticate refuse, bearer and relay-key headers, the
// one-time hand-over of a completed channel, expiry on the relay's clock, the custody it reads
// from the IdRegistry (a blank anvil with the registry installed), and CORS. The end-to-end sign-in
// with `@farcaster/auth-client` and the devnet app is in farcaster.test.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { type RunningEmulator, serveEmulator } from '../emulator/app.js'
import { farcasterTestUsers, installFarcasterRegistry } from './registry.js'
import { createFarcasterRelay, type FarcasterRelay, farcasterChannelTtlMs } from './relay.js'

const [ada, grace] = farcasterTestUsers as [(typeof farcasterTestUsers)[0], (typeof farcasterTestUsers)[0]]
const authKey = 'relay-test-key'
const siweUri = 'http://127.0.0.1:5173/login'
const domain = '127.0.0.1:5173'
const signature = `0x${'11'.repeat(65)}`
const adaVerification = '0x00000000000000000000000000000000000000aa'

let anvil: AnvilInstance
let relay: FarcasterRelay
let server: RunningEmulator
let appUrl = 'http://127.0.0.1:7/app'
let clock = 1_700_000_000_000

beforeAll(async () => {
  anvil = await startAnvil({ state: false })
  await installFarcasterRegistry(anvil.rpcUrl)
  relay = createFarcasterRelay({
    evmRpcUrl: anvil.rpcUrl,
    appUrl: () => appUrl,
    authKey,
    verifications: (fid) => (fid === ada.fid ? [adaVerification] : []),
    now: () => clock,
  })
  server = await serveEmulator(relay.app)
})
afterAll(async () => {
  await server?.stop()
  await anvil?.stop()
})

const json = { 'content-type': 'application/json' }

function post(path: string, body: unknown, headers: Record<string, string> = {}, base = server.url) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function open(extra: Record<string, unknown> = {}, path = '/v1/channel') {
  const response = await post(path, { siweUri, domain, ...extra })
  expect(response.status).toBe(201)
  return (await response.json()) as { channelToken: string; url: string; connectUri: string; nonce: string }
}

function status(token: string, path = '/v1/channel/status') {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
}

const completion = (extra: Record<string, unknown> = {}) => ({
  message: 'signed text',
  signature,
  fid: ada.fid,
  ...extra,
})

function authenticate(
  token: string,
  body: unknown = completion(),
  headers: Record<string, string> = {},
  base?: string,
) {
  return post(
    '/v1/channel/authenticate',
    body,
    { authorization: `Bearer ${token}`, 'x-farcaster-auth-relay-key': authKey, ...headers },
    base,
  )
}

describe('create', () => {
  test('default: each channel gets its own random token and nonce, and a link to the app with the token', async () => {
    const first = await open()
    const second = await open()
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(first.channelToken).toMatch(uuid)
    expect(second.channelToken).toMatch(uuid)
    expect(first.channelToken).not.toBe(second.channelToken)
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(first.nonce).not.toBe(second.nonce)
    // The nonce is public (it is in the signed message): it must not be the secret token.
    expect(first.nonce).not.toBe(first.channelToken.replaceAll('-', ''))
    expect(first.url).toBe(`${appUrl}/~/siwf?channelToken=${first.channelToken}`)
    expect(first.connectUri).toBe(first.url)
  })

  test('behavior: the link uses the app URL as it is when the channel opens', async () => {
    const before = appUrl
    appUrl = 'http://127.0.0.1:8/later'
    try {
      const channel = await open()
      expect(channel.url).toBe(`http://127.0.0.1:8/later/~/siwf?channelToken=${channel.channelToken}`)
    } finally {
      appUrl = before
    }
  })

  test('behavior: the request is kept as asked (optional fields only when given), with who asked', async () => {
    const asked = {
      nonce: 'appNonce12345678',
      notBefore: '2030-01-01T00:00:00Z',
      expirationTime: '2030-01-01T01:00:00.500+02:00',
      requestId: 'req-7',
      redirectUrl: 'http://127.0.0.1:5173/back',
    }
    const channel = await open({ ...asked, acceptAuthAddress: false })
    expect(channel.nonce).toBe('appNonce12345678')
    const response = await fetch(`${server.url}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channel.channelToken}`, 'user-agent': 'PorticoTest/1' },
    })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({
      state: 'pending',
      nonce: 'appNonce12345678',
      signatureParams: { siweUri, domain, ...asked },
      metadata: { userAgent: 'node', ip: '127.0.0.1' },
      acceptAuthAddress: false,
    })
    const plain = await open()
    expect(relay.peek(plain.channelToken)).toEqual({
      state: 'pending',
      nonce: plain.nonce,
      signatureParams: { siweUri, domain, nonce: plain.nonce },
      metadata: { userAgent: 'node', ip: '127.0.0.1' },
      acceptAuthAddress: true,
    })
  })

  test('error: a body that is not a channel request is a validation error naming the field', async () => {
    const cases: [unknown, string][] = [
      ['{not json', 'body must be an object'],
      [[siweUri, domain], 'body must be an object'],
      [null, 'body must be an object'],
      [{ siweUri: 'not a uri', domain }, 'siweUri must be a URI'],
      [{ siweUri: 42, domain }, 'siweUri must be a URI'],
      [{ siweUri }, 'domain must be a host name, with an optional port'],
      [{ siweUri, domain: '127.0.0.1:5173/login' }, 'domain must be a host name, with an optional port'],
      [{ siweUri, domain: 'http://127.0.0.1' }, 'domain must be a host name, with an optional port'],
      [{ siweUri, domain: 'evil.test\nInjected: line' }, 'domain must be a host name, with an optional port'],
      [{ siweUri, domain, nonce: 12345678 }, 'nonce must be a string'],
      [{ siweUri, domain, requestId: ['r'] }, 'requestId must be a string'],
      [{ siweUri, domain, redirectUrl: {} }, 'redirectUrl must be a string'],
      [{ siweUri, domain, notBefore: '2030-01-01' }, 'notBefore must be a date-time'],
      [{ siweUri, domain, expirationTime: '2030-01-01T00:00:00' }, 'expirationTime must be a date-time'],
      [{ siweUri, domain, acceptAuthAddress: 'yes' }, 'acceptAuthAddress must be a boolean'],
      [{ siweUri, domain, custody: ada.custody }, "body must NOT have additional property 'custody'"],
    ]
    for (const [body, message] of cases) {
      const response = await post('/v1/channel', body)
      expect([response.status, await response.json()], JSON.stringify(body)).toEqual([
        400,
        { error: 'Validation error', message },
      ])
    }
  })
})

describe('status and authenticate', () => {
  test('behavior: authenticate completes the channel with the custody the IdRegistry holds; the app reads it once', async () => {
    const channel = await open()
    const profile = { username: 'ada', displayName: 'Ada', bio: 'b', pfpUrl: 'http://127.0.0.1:7/a.svg' }
    const done = await authenticate(channel.channelToken, completion(profile))
    const expected = {
      state: 'completed',
      nonce: channel.nonce,
      signatureParams: { siweUri, domain, nonce: channel.nonce },
      metadata: { userAgent: 'node', ip: '127.0.0.1' },
      acceptAuthAddress: true,
      message: 'signed text',
      signature,
      authMethod: 'custody',
      fid: ada.fid,
      ...profile,
      custody: ada.custody,
      verifications: [adaVerification],
    }
    expect([done.status, await done.json()]).toEqual([201, expected])
    // The Farcaster app may look without taking it; the app that opened it takes it once.
    expect(relay.peek(channel.channelToken)).toEqual(expected)
    const read = await status(channel.channelToken)
    expect([read.status, await read.json()]).toEqual([200, expected])
    const again = await status(channel.channelToken)
    expect([again.status, await again.json()]).toEqual([401, { error: 'Unauthorized' }])
    expect(relay.peek(channel.channelToken)).toBeUndefined()
    // A channel handed over cannot be completed again.
    expect((await authenticate(channel.channelToken, completion({ fid: grace.fid }))).status).toBe(401)
  })

  test('security: the body cannot choose the custody, verifications, nonce or request the app sees', async () => {
    const channel = await open()
    const evil = '0x000000000000000000000000000000000000dEaD'
    const done = await authenticate(
      channel.channelToken,
      completion({
        fid: grace.fid,
        custody: evil,
        verifications: [evil],
        nonce: 'attackerNonce',
        signatureParams: { siweUri: 'http://evil.test', domain: 'evil.test', nonce: 'attackerNonce' },
        state: 'pending',
        authMethod: 'authAddress',
      }),
    )
    expect(done.status).toBe(201)
    const read = await status(channel.channelToken)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({
      state: 'completed',
      fid: grace.fid,
      custody: grace.custody,
      verifications: [],
      nonce: channel.nonce,
      signatureParams: { siweUri, domain, nonce: channel.nonce },
      authMethod: 'authAddress',
    })
  })

  test('edge: a second completion before the app reads replaces the first, as the real relay does', async () => {
    const channel = await open()
    expect((await authenticate(channel.channelToken)).status).toBe(201)
    expect((await authenticate(channel.channelToken, completion({ fid: grace.fid, message: 'second' }))).status).toBe(
      201,
    )
    const read = await status(channel.channelToken)
    expect(await read.json()).toMatchObject({ fid: grace.fid, message: 'second', custody: grace.custody })
  })

  test('edge: a fid nobody holds completes with the zero custody (verification refuses it, not the relay)', async () => {
    const channel = await open()
    const done = await authenticate(channel.channelToken, completion({ fid: 999_999 }))
    expect(done.status).toBe(201)
    expect(await done.json()).toMatchObject({ fid: 999_999, custody: zeroAddress, verifications: [] })
  })

  test('error: a malformed completion is a validation error and the channel stays pending', async () => {
    const channel = await open()
    const cases: [unknown, string][] = [
      ['not json', 'body must be an object'],
      [[completion()], 'body must be an object'],
      [completion({ message: '' }), 'message must be a string'],
      [completion({ message: 5 }), 'message must be a string'],
      [completion({ signature: '0x11' }), 'signature must be a 65-byte hex string'],
      [completion({ signature: `0x${'zz'.repeat(65)}` }), 'signature must be a 65-byte hex string'],
      [completion({ signature: `${'11'.repeat(66)}` }), 'signature must be a 65-byte hex string'],
      [completion({ fid: 0 }), 'fid must be a positive integer'],
      [completion({ fid: -1 }), 'fid must be a positive integer'],
      [completion({ fid: 1.5 }), 'fid must be a positive integer'],
      [completion({ fid: '20001' }), 'fid must be a positive integer'],
      [completion({ fid: 2 ** 53 }), 'fid must be a positive integer'],
      [completion({ authMethod: 'password' }), 'authMethod must be custody or authAddress'],
      [completion({ username: 'Ada' }), 'username must be a Farcaster username'],
      [completion({ username: 'a_b' }), 'username must be a Farcaster username'],
      [completion({ username: 'a'.repeat(17) }), 'username must be a Farcaster username'],
      [completion({ username: '<b>ada</b>' }), 'username must be a Farcaster username'],
      [completion({ bio: 1 }), 'bio must be a string'],
      [completion({ pfpUrl: null }), 'pfpUrl must be a string'],
    ]
    for (const [body, message] of cases) {
      const response = await authenticate(channel.channelToken, body)
      expect([response.status, await response.json()], JSON.stringify(body)).toEqual([
        400,
        { error: 'Validation error', message },
      ])
    }
    expect(relay.peek(channel.channelToken)?.state).toBe('pending')
    expect((await status(channel.channelToken)).status).toBe(202)
  })

  test('security: authenticate needs the exact relay key (either header name), checked before the body', async () => {
    const channel = await open()
    const token = channel.channelToken
    const refused = [
      await authenticate(token, completion(), { 'x-farcaster-auth-relay-key': `${authKey}x` }),
      await authenticate(token, completion(), { 'x-farcaster-auth-relay-key': authKey.toUpperCase() }),
      await authenticate(token, completion(), { 'x-farcaster-auth-relay-key': '' }),
      // A wrong key with a malformed body: refused as unauthorized, the body is not looked at.
      await authenticate(token, 'not json', { 'x-farcaster-auth-relay-key': 'guess' }),
    ]
    for (const response of refused)
      expect([response.status, await response.json()]).toEqual([401, { error: 'Unauthorized' }])
    expect((await status(token)).status).toBe(202)
    const legacy = await post('/v1/channel/authenticate', completion(), {
      authorization: `Bearer ${token}`,
      'x-farcaster-connect-auth-key': authKey,
    })
    expect(legacy.status).toBe(201)
  })

  test('security: a token reads its own channel only; the nonce, a malformed header or another scheme is unauthorized', async () => {
    const mine = await open()
    const other = await open({ requestId: 'other' })
    const read = (authorization: string | undefined) =>
      fetch(`${server.url}/v1/channel/status`, authorization === undefined ? {} : { headers: { authorization } })
    const ok = await read(`bearer   ${mine.channelToken}`)
    expect(ok.status).toBe(202)
    expect(((await ok.json()) as { nonce: string }).nonce).toBe(mine.nonce)
    const otherRead = await read(`Bearer ${other.channelToken}`)
    expect(((await otherRead.json()) as { signatureParams: { requestId: string } }).signatureParams.requestId).toBe(
      'other',
    )
    for (const header of [
      undefined,
      mine.channelToken,
      `Basic ${mine.channelToken}`,
      `Bearer ${mine.channelToken} extra`,
      'Bearer',
      `Bearer ${mine.nonce}`,
      `Bearer ${mine.channelToken.toUpperCase()}`,
    ]) {
      const response = await read(header)
      expect([response.status, await response.json()], String(header)).toEqual([401, { error: 'Unauthorized' }])
    }
    expect(
      (await authenticate(mine.channelToken, completion(), { authorization: `Bearer ${mine.nonce}` })).status,
    ).toBe(401)
    expect((await authenticate('', completion(), { authorization: '' })).status).toBe(401)
    expect(relay.peek(mine.nonce)).toBeUndefined()
    expect(relay.peek('')).toBeUndefined()
  })

  test('edge: a channel lives one hour on the relay clock, to the millisecond, and does not come back', async () => {
    const start = clock
    const pending = await open()
    const completed = await open()
    expect((await authenticate(completed.channelToken)).status).toBe(201)
    try {
      clock = start + farcasterChannelTtlMs - 1
      expect((await status(pending.channelToken)).status).toBe(202)
      expect(relay.peek(completed.channelToken)?.state).toBe('completed')
      clock = start + farcasterChannelTtlMs
      expect(relay.peek(pending.channelToken)).toBeUndefined()
      expect((await status(completed.channelToken)).status).toBe(401)
      // Completing an expired channel is refused without it being revived.
      expect((await authenticate(pending.channelToken)).status).toBe(401)
      clock = start
      expect((await status(pending.channelToken)).status).toBe(401)
      expect(relay.peek(completed.channelToken)).toBeUndefined()
    } finally {
      clock = start
    }
  })

  test('behavior: the older /v1/connect routes are the same channel routes', async () => {
    const channel = await open({}, '/v1/connect')
    expect((await status(channel.channelToken, '/v1/connect/status')).status).toBe(202)
    // One store: a channel opened under one name is seen under the other.
    expect((await status(channel.channelToken, '/v1/channel/status')).status).toBe(202)
    const done = await post('/v1/connect/authenticate', completion(), {
      authorization: `Bearer ${channel.channelToken}`,
      'x-farcaster-auth-relay-key': authKey,
    })
    expect(done.status).toBe(201)
    expect((await status(channel.channelToken, '/v1/connect/status')).status).toBe(200)
    expect((await status(channel.channelToken, '/v1/channel/status')).status).toBe(401)
  })

  test('error: when the IdRegistry cannot be read, authenticate fails with 500 and the channel stays pending', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const deadPort = (probe.address() as AddressInfo).port
    await new Promise((resolve) => probe.close(resolve))
    const offline = createFarcasterRelay({
      evmRpcUrl: `http://127.0.0.1:${deadPort}`,
      appUrl: () => appUrl,
      authKey,
      verifications: () => [],
    })
    const offlineServer = await serveEmulator(offline.app)
    try {
      const created = await post('/v1/channel', { siweUri, domain }, {}, offlineServer.url)
      const { channelToken } = (await created.json()) as { channelToken: string }
      const failed = await authenticate(channelToken, completion(), {}, offlineServer.url)
      expect(failed.status).toBe(500)
      expect(((await failed.json()) as { error: string }).error).toMatch(/^the IdRegistry could not be read: /)
      expect(offline.peek(channelToken)?.state).toBe('pending')
      // Channels belong to their relay: this relay's token means nothing to the other one.
      expect((await status(channelToken)).status).toBe(401)
    } finally {
      await offlineServer.stop()
    }
  })
})

describe('around the routes', () => {
  test('behavior: pages on any origin may call the relay (CORS), with the headers the app client sends', async () => {
    const preflight = await fetch(`${server.url}/v1/channel/authenticate`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-farcaster-auth-relay-key',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,x-farcaster-auth-relay-key',
    )
    const created = await post('/v1/channel', { siweUri, domain }, { origin: 'http://127.0.0.1:5173' })
    expect(created.headers.get('access-control-allow-origin')).toBe('*')
    const refused = await fetch(`${server.url}/v1/channel/status`, { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('behavior: /healthcheck answers OK; other paths and methods are 404', async () => {
    const health = await fetch(`${server.url}/healthcheck`)
    expect([health.status, await health.json()]).toEqual([200, { status: 'OK' }])
    expect((await fetch(`${server.url}/v1/channel`)).status).toBe(404)
    expect((await post('/v1/channel/status', {})).status).toBe(404)
    expect((await fetch(`${server.url}/v1/channel/authenticate`)).status).toBe(404)
    expect((await fetch(`${server.url}/v2/channel/status`)).status).toBe(404)
  })
})
