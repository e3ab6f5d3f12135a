// Session tokens on their own (signSession / verifySession), with a fixed clock: the exact
// lifetime boundaries (exp at SESSION_TTL_MS, nbf at the login second, sub-second login times),
// algorithm confusion (none, HS384/HS512 with the same secret, a rewritten header, embedded keys,
// unknown `crit`), tampering of every character, tokens of another service sharing the secret,
// missing or mistyped claims, and refusals that carry the spec's message and nothing of the token
// or the secret. The session row behind a token (revocation, project, device) is tested in
// sessions.pglite.test.ts; the same rules over HTTP are in ../faults.test.ts and ../test/suite.ts.

import { createHmac } from 'node:crypto'
import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import { SESSION_TTL_MS } from '../constants.js'
import { AuthError, serverMessages } from '../errors.js'
import { type SessionClaims, signSession, verifySession } from './tokens.js'

const SECRET = new TextEncoder().encode('a test secret of at least thirty-two bytes!')
/** A login on a whole second, so that ms and JWT seconds line up. */
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0)
const NOW_S = NOW / 1000
const CLAIMS: SessionClaims = {
  sub: 'user-1',
  sid: '6f1c1b7e-0d5a-4a8e-9a53-3d4f4c0b7a11',
  email: 'ada@example.com',
  pid: 'test-project',
  did: 'a'.repeat(64),
}

const segments = (token: string) => token.split('.') as [string, string, string]
const decode = (segment: string) =>
  JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A full payload as signSession writes it, with `changes` applied (`undefined` removes a claim). */
function payload(changes: Record<string, unknown> = {}) {
  const { sub, ...rest } = CLAIMS
  const full: Record<string, unknown> = {
    ...rest,
    sub,
    iss: 'portico-auth',
    aud: 'portico-auth',
    iat: NOW_S,
    nbf: NOW_S,
    exp: NOW_S + 3600,
    ...changes,
  }
  for (const [key, value] of Object.entries(full)) if (value === undefined) delete full[key]
  return full
}

/** Signs `body` with any header and key, the way someone holding (or guessing) a key would. */
const forge = (
  body: Record<string, unknown>,
  {
    alg = 'HS256',
    key = SECRET,
    header = {},
  }: { alg?: string; key?: Uint8Array; header?: Record<string, unknown> } = {},
) => new SignJWT(body).setProtectedHeader({ alg, typ: 'JWT', ...header }).sign(key)

/** HS256 over any header and payload text, for what jose refuses to sign. */
function signRaw(header: Record<string, unknown>, body: string, key = SECRET) {
  const input = `${encode(header)}.${body}`
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`
}

const invalid = { code: 'JWT_INVALID', status: 401, message: serverMessages.jwtInvalid }
const expired = { code: 'JWT_EXPIRED', status: 401, message: serverMessages.jwtExpired }
const early = { code: 'JWT_NOT_YET_VALID', status: 401, message: serverMessages.jwtNotYetValid }

/** The refusal of `token` at `now`, failing the test when it is accepted. */
async function refusal(token: string, now = NOW, secret = SECRET): Promise<AuthError> {
  const outcome = await verifySession(secret, token, now).then(
    (claims) => ({ accepted: claims }),
    (error: unknown) => ({ error }),
  )
  if ('accepted' in outcome) throw new Error(`token accepted: ${JSON.stringify(outcome.accepted)}`)
  expect(outcome.error).toBeInstanceOf(AuthError)
  return outcome.error as AuthError
}

describe('signSession', () => {
  test('behavior: the token verifies to exactly the claims it was signed with', async () => {
    const token = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    expect(await verifySession(SECRET, token, NOW)).toEqual(CLAIMS)
  })

  test('behavior: an HS256 JWT with issuer, audience, iat = nbf = the login second and exp = the expiry second, nothing else', async () => {
    const token = await signSession(SECRET, CLAIMS, NOW + 999, NOW + 999 + SESSION_TTL_MS)
    const [header, body] = segments(token)
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(decode(body)).toEqual({
      ...CLAIMS,
      iss: 'portico-auth',
      aud: 'portico-auth',
      iat: NOW_S,
      nbf: NOW_S,
      exp: NOW_S + SESSION_TTL_MS / 1000,
    })
  })

  test('security: the token holds no byte of the secret, in any encoding', async () => {
    const token = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    const text = new TextDecoder().decode(SECRET)
    const decoded = segments(token)
      .slice(0, 2)
      .map((s) => Buffer.from(s, 'base64url').toString('utf8'))
      .join('\n')
    for (const form of [text, Buffer.from(SECRET).toString('base64url'), Buffer.from(SECRET).toString('hex')]) {
      expect(token).not.toContain(form)
      expect(decoded).not.toContain(form)
    }
    expect(decoded).not.toContain('secret')
  })

  test('behavior: two sessions of one user on one device get different tokens (the sid is signed in)', async () => {
    const first = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    const second = await signSession(SECRET, { ...CLAIMS, sid: 'another-session' }, NOW, NOW + SESSION_TTL_MS)
    expect(second).not.toBe(first)
    expect((await verifySession(SECRET, second, NOW)).sid).toBe('another-session')
  })
})

describe('verifySession: lifetime', () => {
  const token = () => signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)

  test('edge: valid through the last ms of its SESSION_TTL_MS, expired exactly at it and one ms past it', async () => {
    const t = await token()
    expect(await verifySession(SECRET, t, NOW + SESSION_TTL_MS - 1)).toEqual(CLAIMS)
    expect(await refusal(t, NOW + SESSION_TTL_MS)).toMatchObject(expired)
    expect(await refusal(t, NOW + SESSION_TTL_MS + 1)).toMatchObject(expired)
    expect(await refusal(t, NOW + 10 * SESSION_TTL_MS)).toMatchObject(expired)
  })

  test('edge: valid from the login ms, not yet valid one ms before it', async () => {
    const t = await token()
    expect(await verifySession(SECRET, t, NOW)).toEqual(CLAIMS)
    expect(await refusal(t, NOW - 1)).toMatchObject(early)
    expect(await refusal(t, NOW - 3_600_000)).toMatchObject(early)
  })

  test('edge: a login at a sub-second time never outlives its expiry: seconds are rounded down, not up', async () => {
    const loginAt = NOW + 750
    const expiresAt = loginAt + SESSION_TTL_MS
    const t = await signSession(SECRET, CLAIMS, loginAt, expiresAt)
    // Usable at its own login ms (nbf rounds down too) …
    expect(await verifySession(SECRET, t, loginAt)).toEqual(CLAIMS)
    // … until the whole second before `expiresAt`, then refused, a little before `expiresAt` itself.
    expect(await verifySession(SECRET, t, NOW + SESSION_TTL_MS - 1)).toEqual(CLAIMS)
    expect(await refusal(t, NOW + SESSION_TTL_MS)).toMatchObject(expired)
    expect(await refusal(t, expiresAt - 1)).toMatchObject(expired)
    expect(await refusal(t, expiresAt)).toMatchObject(expired)
  })

  test('edge: exp and nbf written by someone with the secret are read at the second, without leeway', async () => {
    const t = await forge(payload({ exp: NOW_S + 10 }))
    expect(await verifySession(SECRET, t, NOW + 9_999)).toEqual(CLAIMS)
    expect(await refusal(t, NOW + 10_000)).toMatchObject(expired)
    const later = await forge(payload({ nbf: NOW_S + 10, iat: NOW_S + 10, exp: NOW_S + 20 }))
    expect(await refusal(later, NOW + 9_999)).toMatchObject(early)
    expect(await verifySession(SECRET, later, NOW + 10_000)).toEqual(CLAIMS)
  })

  test('edge: an expired token that is also not yet valid (exp <= nbf) is refused', async () => {
    const t = await forge(payload({ nbf: NOW_S + 10, exp: NOW_S + 5 }))
    for (const at of [NOW, NOW + 7_000, NOW + 12_000]) expect((await refusal(t, at)).code).toMatch(/^JWT_/)
  })
})

describe('verifySession: forgery and algorithm confusion', () => {
  test('security: the same claims signed with HS384 or HS512 and the same secret are refused', async () => {
    for (const alg of ['HS384', 'HS512']) {
      const t = await forge(payload(), { alg })
      expect(decode(segments(t)[0]).alg).toBe(alg)
      expect(await refusal(t)).toMatchObject(invalid)
    }
    // The control: the same forge with HS256 passes, so the refusals above are about the algorithm.
    expect(await verifySession(SECRET, await forge(payload()), NOW)).toEqual(CLAIMS)
  })

  test('security: an unsigned token (`alg: none`), with or without a signature part, is refused', async () => {
    const unsigned = new UnsecuredJWT(payload()).encode()
    expect(await refusal(unsigned)).toMatchObject(invalid)
    const [, body, signature] = segments(await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS))
    for (const alg of ['none', 'None', 'NONE']) {
      const header = encode({ alg, typ: 'JWT' })
      expect(await refusal(`${header}.${body}.`)).toMatchObject(invalid)
      expect(await refusal(`${header}.${body}.${signature}`)).toMatchObject(invalid)
    }
  })

  test('security: a genuine token whose header is rewritten to another algorithm is refused', async () => {
    const [, body, signature] = segments(await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS))
    for (const header of [
      { alg: 'HS512', typ: 'JWT' },
      { alg: 'RS256', typ: 'JWT' },
      { alg: 'ES256', typ: 'JWT' },
      { alg: 'HS256' },
      { alg: 'HS256', typ: 'JWT', kid: 'other' },
    ]) {
      expect(await refusal(`${encode(header)}.${body}.${signature}`)).toMatchObject(invalid)
    }
  })

  test('security: a token signed with its own key and naming that key in its header (jwk, jku, kid) is refused', async () => {
    const key = new Uint8Array(SECRET.length).fill(7)
    const k = Buffer.from(key).toString('base64url')
    for (const header of [{ jwk: { kty: 'oct', k } }, { jku: 'http://127.0.0.1:9/keys.json' }, { kid: 'attacker' }]) {
      expect(await refusal(await forge(payload(), { key, header }))).toMatchObject(invalid)
    }
  })

  test('security: a key one bit away from the secret, or a prefix of it, signs nothing the server accepts', async () => {
    const flipped = new Uint8Array(SECRET)
    flipped[SECRET.length - 1]! ^= 1
    expect(await refusal(await forge(payload(), { key: flipped }))).toMatchObject(invalid)
    expect(await refusal(await forge(payload(), { key: SECRET.subarray(0, 32) }))).toMatchObject(invalid)
    // And a token signed by this server is refused by a server with another secret.
    const t = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    expect(await refusal(t, NOW, flipped)).toMatchObject(invalid)
  })

  test('security: a header with an unknown critical extension is refused even when signed with the secret', async () => {
    const body = encode(payload())
    // The control: the same raw signing with a plain header is accepted.
    expect(await verifySession(SECRET, signRaw({ alg: 'HS256', typ: 'JWT' }, body), NOW)).toEqual(CLAIMS)
    const t = signRaw({ alg: 'HS256', typ: 'JWT', crit: ['x-portico-admin'], 'x-portico-admin': true }, body)
    expect(await refusal(t)).toMatchObject(invalid)
    // An unencoded payload (RFC 7797) is not a JWT, whatever it signs.
    const raw = JSON.stringify(payload())
    expect(await refusal(signRaw({ alg: 'HS256', b64: false, crit: ['b64'] }, raw))).toMatchObject(invalid)
  })

  test('security: changing any one character of a genuine token is refused', async () => {
    const token = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    let tried = 0
    for (let i = 0; i < token.length; i++) {
      const at = alphabet.indexOf(token[i]!)
      if (at < 0) continue // a dot
      // Flipping the high bit of the 6-bit group always changes a decoded byte, even in the last
      // character of a segment (whose low bits may be padding).
      const changed = `${token.slice(0, i)}${alphabet[at ^ 32]}${token.slice(i + 1)}`
      expect((await refusal(changed)).code, `position ${i}`).toMatch(/^JWT_INVALID$/)
      tried++
    }
    expect(tried).toBe(token.length - 2)
  })

  test('security: a payload of another genuine token under this signature (or the reverse) is refused', async () => {
    const mine = segments(await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS))
    const admin = segments(
      await signSession(SECRET, { ...CLAIMS, sub: 'admin', sid: 'admin-session' }, NOW, NOW + SESSION_TTL_MS),
    )
    expect(await refusal(`${mine[0]}.${admin[1]}.${mine[2]}`)).toMatchObject(invalid)
    expect(await refusal(`${admin[0]}.${mine[1]}.${admin[2]}`)).toMatchObject(invalid)
    // A payload edited by hand (a longer life, another user) under the genuine signature.
    for (const changes of [{ exp: NOW_S + 10 * 365 * 86_400 }, { sub: 'admin' }, { pid: 'other-project' }]) {
      const body = encode({ ...decode(mine[1]), ...changes })
      expect(await refusal(`${mine[0]}.${body}.${mine[2]}`)).toMatchObject(invalid)
    }
  })
})

describe('verifySession: claims', () => {
  test('error: a token of another service sharing the secret (other issuer or audience, or none) is refused', async () => {
    for (const changes of [
      { iss: 'other-service' },
      { aud: 'other-service' },
      { aud: ['other-service'] },
      { iss: 'PORTICO-AUTH' },
      { iss: undefined },
      { aud: undefined },
    ]) {
      expect(await refusal(await forge(payload(changes))), JSON.stringify(changes)).toMatchObject(invalid)
    }
    // An audience list that names this server is a valid audience.
    expect(await verifySession(SECRET, await forge(payload({ aud: ['x', 'portico-auth'] })), NOW)).toEqual(CLAIMS)
  })

  test('error: a token missing, or mistyping, any claim the server reads is refused as invalid', async () => {
    for (const claim of ['sub', 'sid', 'email', 'pid', 'did', 'exp']) {
      expect(await refusal(await forge(payload({ [claim]: undefined }))), `no ${claim}`).toMatchObject(invalid)
    }
    for (const claim of ['sid', 'email', 'pid', 'did']) {
      for (const value of [42, null, true, ['x'], { x: 1 }]) {
        const t = await forge(payload({ [claim]: value }))
        expect(await refusal(t), `${claim}: ${JSON.stringify(value)}`).toMatchObject(invalid)
      }
    }
    for (const exp of ['2030-01-02', null]) {
      expect(await refusal(await forge(payload({ exp }))), `exp: ${exp}`).toMatchObject(invalid)
    }
  })

  // jose reports a missing `nbf` (one of requiredClaims) as a failed claim named 'nbf' too: a
  // token without one is never valid, and must not read as a clock problem (the kit would show a
  // clock message and a client might wait and retry).
  test('error: a token without nbf is refused as invalid, not as not yet valid', async () => {
    expect(await refusal(await forge(payload({ nbf: undefined })))).toMatchObject(invalid)
  })

  test('default: claims the server did not write are dropped from the result', async () => {
    const hostile = JSON.parse('{"admin":true,"roles":["owner"],"jti":"x","__proto__":{"polluted":true}}')
    const t = await forge(payload(hostile))
    expect(decode(segments(t)[1])).toHaveProperty('admin', true)
    const claims = await verifySession(SECRET, t, NOW)
    expect(claims).toEqual(CLAIMS)
    expect(Object.keys(claims).sort()).toEqual(['did', 'email', 'pid', 'sid', 'sub'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('edge: unicode and long claim values survive the round trip unchanged', async () => {
    const claims = { ...CLAIMS, email: 'zoë.ñandú+😀@exämple.com', pid: 'p'.repeat(2000), sub: 'ユーザー' }
    const t = await signSession(SECRET, claims, NOW, NOW + SESSION_TTL_MS)
    expect(await verifySession(SECRET, t, NOW)).toEqual(claims)
  })
})

describe('verifySession: malformed input', () => {
  // Not listed: spellings of the signature part that decode to the same bytes (a trailing newline
  // or space, `=` padding, unused low bits of its last character). jose on Node 20 reads them as
  // the genuine token; the same session under another spelling is what sessions.pglite.test.ts
  // checks, since revocation goes by the session id, not the token text.
  test('error: anything that is not a compact JWS is refused as invalid, with no other error escaping', async () => {
    const genuine = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    const [h, p, s] = segments(genuine)
    for (const token of [
      '',
      ' ',
      '.',
      '..',
      'a.b.c',
      'a.b',
      `${h}.${p}`,
      `${h}.${p}.${s}.${s}`,
      `${h}..${s}`,
      `.${p}.${s}`,
      ` ${genuine}`,
      `Bearer ${genuine}`,
      `${h}.${p}.${Buffer.from(s, 'base64url').toString('base64')}+/`,
      `${encode('not an object')}.${p}.${s}`,
      `${Buffer.from('{"alg":').toString('base64url')}.${p}.${s}`,
      `${h}.${Buffer.from('[1,2,3]').toString('base64url')}.${s}`,
      'é.😀.ß',
      `${'A'.repeat(1_000_000)}.${p}.${s}`,
    ]) {
      expect(await refusal(token), JSON.stringify(token.slice(0, 60))).toMatchObject(invalid)
    }
  })

  test('security: a refusal carries the spec message only: no token, secret, claim or library error', async () => {
    const genuine = await signSession(SECRET, CLAIMS, NOW, NOW + SESSION_TTL_MS)
    const secretText = new TextDecoder().decode(SECRET)
    for (const [token, at] of [
      [`${genuine.slice(0, -4)}AAAA`, NOW],
      [genuine, NOW + SESSION_TTL_MS],
      [genuine, NOW - 1],
      [await forge(payload({ iss: 'other' })), NOW],
    ] as const) {
      const error = await refusal(token, at)
      expect(error.name).toBe('AuthError')
      expect(Object.values(serverMessages)).toContain(error.message)
      expect(error.details).toEqual({})
      expect(error.cause).toBeUndefined()
      const shown = JSON.stringify({ ...error, message: error.message, stack: error.stack })
      for (const leak of [token, segments(token)[2], secretText, CLAIMS.email, CLAIMS.sid, CLAIMS.did]) {
        expect(shown).not.toContain(leak)
      }
    }
  })
})
