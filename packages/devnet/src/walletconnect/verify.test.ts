// The devnet's WalletConnect Verify API emulator on its own (LocalVerify + verifyRoutes), mounted on
// an emulator app like the relay mounts it (64 KiB body limit) and served on a free loopback port,
// with a clock the test moves: the public key, the iframe page and its ES256 attestation, the JSON
// lookups, direct registration, expiry, an id's binding to the origin that registered it first, and
// what each route refuses. The SDK resolving these
// attestations (and the relay's own HTTP port) is tested in relay.test.ts.
import { createPublicKey, verify as verifySignature } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createEmulatorApp, HttpError, type RunningEmulator, serveEmulator } from '../emulator/app.js'
import {
  AttestationConflictError,
  attestationPage,
  LocalVerify,
  sha256Hex,
  type VerifyPublicKey,
  verifyPublicKeyStorageKey,
  verifyRoutes,
} from './verify.js'

const start = Date.UTC(2030, 0, 1)
let now = start
let verify: LocalVerify
let server: RunningEmulator

beforeAll(async () => {
  verify = new LocalVerify(() => now)
  const app = createEmulatorApp({ cors: ['GET', 'POST', 'OPTIONS'], maxBodyBytes: 64 * 1024 })
  app.route('/', verifyRoutes(verify))
  server = await serveEmulator(app)
})

afterAll(() => server.stop())

beforeEach(() => {
  now = start
})

let counter = 0
/** A fresh attestation id per call, so tests do not see each other's registrations. */
const freshId = (label: string) => sha256Hex(`${label}-${++counter}`)

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/attestation`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })
const lookup = async (id: string, prefix = '') => {
  const response = await get(`${prefix}/attestation/${id}?v2Supported=true`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The attestation JWT the iframe page posts, parsed out of the page the way the SDK receives it. */
function postedAttestation(html: string): string {
  const literal = /window\.parent\.postMessage\((".*"), '\*'\)<\/script>$/.exec(html)?.[1]
  if (!literal) throw new Error(`no postMessage in ${html}`)
  const message = JSON.parse(JSON.parse(literal) as string) as { type: string; attestation: string }
  expect(message.type).toBe('verify_attestation')
  return message.attestation
}

/** Checks the JWT's ES256 signature with the served public key; returns its header and payload. */
function readJwt(jwt: string, key: VerifyPublicKey) {
  const [header = '', payload = '', signature = ''] = jwt.split('.')
  const publicKey = createPublicKey({ key: { ...key.publicKey }, format: 'jwk' })
  const valid = verifySignature(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  return {
    valid,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  }
}

async function servedKey(): Promise<VerifyPublicKey> {
  return (await (await get('/v3/public-key')).json()) as VerifyPublicKey
}

describe('public key', () => {
  it('default: GET /v3/public-key serves the P-256 JWK, valid for 7 days from the clock, not cached', async () => {
    const response = await get('/v3/public-key')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const key = (await response.json()) as VerifyPublicKey
    expect(key).toEqual(verify.publicKey)
    expect(key.publicKey).toMatchObject({ crv: 'P-256', kty: 'EC', ext: true, key_ops: ['verify'] })
    expect(Buffer.from(key.publicKey.x, 'base64url')).toHaveLength(32)
    expect(Buffer.from(key.publicKey.y, 'base64url')).toHaveLength(32)
    expect(key.expiresAt).toBe(start / 1000 + 7 * 24 * 60 * 60)
  })

  it('security: each LocalVerify signs with its own key; another instance’s key does not verify its JWTs', () => {
    const other = new LocalVerify(() => now)
    expect(other.publicKey.publicKey.x).not.toBe(verify.publicKey.publicKey.x)
    const jwt = verify.attest(freshId('own-key'), 'http://127.0.0.1:5173')
    expect(readJwt(jwt, verify.publicKey).valid).toBe(true)
    expect(readJwt(jwt, other.publicKey).valid).toBe(false)
  })
})

describe('iframe page', () => {
  it('behavior: answers the SDK’s iframe request with a page posting a signed attestation for the id and origin', async () => {
    const id = freshId('page')
    const decryptedId = freshId('page-decrypted')
    const response = await get(
      `/v3/attestation?projectId=p&origin=${encodeURIComponent('http://127.0.0.1:5173')}&id=${id}&decryptedId=${decryptedId}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const jwt = postedAttestation(await response.text())
    const { valid, header, payload } = readJwt(jwt, await servedKey())
    expect(valid).toBe(true)
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT' })
    expect(payload).toEqual({
      exp: start / 1000 + 60 * 60,
      id,
      origin: 'http://127.0.0.1:5173',
      isScam: false,
      isVerified: true,
    })
    // Both hashes of the request are bound to the origin for the v2 lookup, on both paths.
    const expected = { origin: 'http://127.0.0.1:5173', isScam: false, isVerified: true }
    expect(await lookup(id)).toEqual({ status: 200, body: expected })
    expect(await lookup(decryptedId, '/v3')).toEqual({ status: 200, body: expected })
  })

  it('security: the embedding page’s origin (Referer) wins over an `origin` the query claims', async () => {
    const id = freshId('referer')
    const response = await get(`/attestation?origin=${encodeURIComponent('https://app.uniswap.org')}&id=${id}`, {
      referer: 'http://127.0.0.1:4000/some/page?x=1#frag',
    })
    const { payload } = readJwt(postedAttestation(await response.text()), verify.publicKey)
    expect(payload.origin).toBe('http://127.0.0.1:4000')
    expect((await lookup(id)).body.origin).toBe('http://127.0.0.1:4000')
  })

  it.each([
    ['an opaque origin', 'data:text/html,hi'],
    ['a malformed URL', 'not a url'],
  ])('edge: a Referer with %s falls back to the query origin', async (_, referer) => {
    const id = freshId('opaque')
    const response = await get(`/attestation?origin=${encodeURIComponent('http://127.0.0.1:5173')}&id=${id}`, {
      referer,
    })
    const { payload } = readJwt(postedAttestation(await response.text()), verify.publicKey)
    expect(payload.origin).toBe('http://127.0.0.1:5173')
  })

  it('security: an id crafted to close the script tag stays inside the posted string', async () => {
    const id = '</script><script>alert(1)</script><!--'
    const response = await get(`/v3/attestation?origin=http://127.0.0.1&id=${encodeURIComponent(id)}`)
    const html = await response.text()
    expect(html.match(/<script/gi)).toHaveLength(1)
    expect(html.match(/<\/script/gi)).toHaveLength(1)
    expect(readJwt(postedAttestation(html), verify.publicKey).payload.id).toBe(id)
  })

  it('security: the page builder escapes `<` in whatever attestation it is given', () => {
    const html = attestationPage('a</script><img src=x onerror=alert(1)>')
    expect(html).not.toContain('<img')
    expect(html.match(/<\/script/gi)).toHaveLength(1)
    expect(postedAttestation(html)).toBe('a</script><img src=x onerror=alert(1)>')
  })

  it('error: without a query the attestation path is no iframe request: 404, nothing issued', async () => {
    for (const path of ['/attestation', '/v3/attestation']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(await response.text()).not.toContain('verify_attestation')
    }
  })

  it.each([
    ['no id', '/attestation?anything'],
    ['an empty id', '/attestation?projectId=p&origin=http://127.0.0.1:5173&id='],
    ['an id but no origin (none in the query, no Referer)', `/v3/attestation?projectId=p&id=${sha256Hex('no-origin')}`],
    ['an empty origin', `/attestation?origin=&id=${sha256Hex('empty-origin')}`],
  ])('error: a page request with %s is 400 and issues nothing', async (_, path) => {
    const response = await get(path)
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    expect(text).not.toContain('verify_attestation')
    expect(JSON.parse(text)).toEqual({ message: 'id and origin are required' })
    const id = new URL(path, server.url).searchParams.get('id')
    if (id) expect((await lookup(id)).status).toBe(404)
  })

  it('security: a page load for an id held by another origin is 409 and issues nothing; the first origin may load it again', async () => {
    const id = freshId('page-taken')
    const first = await get(`/attestation?origin=http://127.0.0.1:5173&id=${id}`)
    expect(first.status).toBe(200)
    const taken = await get(`/v3/attestation?origin=http://127.0.0.1:5173&id=${id}`, {
      referer: 'http://127.0.0.1:6666/phish',
    })
    expect(taken.status).toBe(409)
    expect(taken.headers.get('cache-control')).toBe('no-store')
    const text = await taken.text()
    expect(text).not.toContain('verify_attestation')
    expect(JSON.parse(text)).toEqual({ message: 'attestation id is already registered for another origin' })
    expect((await lookup(id)).body.origin).toBe('http://127.0.0.1:5173')
    expect((await get(`/attestation?origin=http://127.0.0.1:5173&id=${id}`)).status).toBe(200)
  })

  it('security: a decryptedId held by another origin refuses the whole request: the new id is not registered either', async () => {
    const held = freshId('held-decrypted')
    verify.attest(held, 'http://127.0.0.1:5173')
    const id = freshId('with-held-decrypted')
    const response = await get(`/attestation?origin=http://127.0.0.1:6666&id=${id}&decryptedId=${held}`)
    expect(response.status).toBe(409)
    expect((await lookup(id)).status).toBe(404)
    expect((await lookup(held)).body.origin).toBe('http://127.0.0.1:5173')
  })

  it('edge: two page loads for one id issue two attestations, both valid for that id', async () => {
    const id = freshId('twice')
    const first = postedAttestation(await (await get(`/attestation?origin=http://127.0.0.1&id=${id}`)).text())
    now += 1_000
    const second = postedAttestation(await (await get(`/attestation?origin=http://127.0.0.1&id=${id}`)).text())
    expect(second).not.toBe(first)
    for (const jwt of [first, second]) expect(readJwt(jwt, verify.publicKey)).toMatchObject({ valid: true })
    expect(readJwt(second, verify.publicKey).payload.exp).toBe(start / 1000 + 1 + 60 * 60)
  })
})

describe('lookup', () => {
  it('error: an unknown id is 404 with a message, on both paths', async () => {
    for (const prefix of ['', '/v3'])
      expect(await lookup(freshId('unknown'), prefix)).toEqual({
        status: 404,
        body: { message: 'attestation not found' },
      })
  })

  it('edge: an attestation answers until its expiry (one hour) and not a millisecond after, even if the clock goes back', async () => {
    const id = freshId('expiry')
    verify.attest(id, 'http://127.0.0.1:5173')
    now = start + 60 * 60 * 1000
    expect((await lookup(id)).status).toBe(200)
    now += 1
    expect(await lookup(id)).toEqual({ status: 404, body: { message: 'attestation not found' } })
    // The expired entry is dropped, not hidden: a clock moved back does not bring it back.
    now = start
    expect((await lookup(id)).status).toBe(404)
  })

  it('security: the same id registered again from another origin is refused with 409 and keeps its first origin until it expires', async () => {
    const id = freshId('replay')
    const first = verify.attest(id, 'http://127.0.0.1:5173')
    const other = freshId('replay-neighbour')
    verify.attest(other, 'http://127.0.0.1:5173')
    const response = await post(JSON.stringify({ attestationId: id, origin: 'http://127.0.0.1:6666' }))
    expect(response.status).toBe(409)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ message: 'attestation id is already registered for another origin' })
    expect((await lookup(id)).body.origin).toBe('http://127.0.0.1:5173')
    expect((await lookup(other)).body.origin).toBe('http://127.0.0.1:5173')
    expect(readJwt(first, verify.publicKey).payload.origin).toBe('http://127.0.0.1:5173')
    // The first origin may register it again; once the binding has expired the id is free.
    expect((await post(JSON.stringify({ attestationId: id, origin: 'http://127.0.0.1:5173' }))).status).toBe(200)
    now = start + 60 * 60 * 1000 + 1
    expect((await post(JSON.stringify({ attestationId: id, origin: 'http://127.0.0.1:6666' }))).status).toBe(200)
    expect((await lookup(id)).body.origin).toBe('http://127.0.0.1:6666')
  })
})

describe('POST /attestation', () => {
  it('behavior: registers an id for an origin; the lookup then answers it as verified', async () => {
    const id = freshId('post')
    expect((await lookup(id)).status).toBe(404)
    const response = await post(JSON.stringify({ attestationId: id, origin: 'http://127.0.0.1:5173' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(await lookup(id, '/v3')).toEqual({
      status: 200,
      body: { origin: 'http://127.0.0.1:5173', isScam: false, isVerified: true },
    })
  })

  it.each([
    ['an empty id', { attestationId: '', origin: 'http://127.0.0.1' }],
    ['an empty origin', { origin: '' }],
    ['no origin', {}],
    ['a numeric id', { attestationId: 7, origin: 'http://127.0.0.1' }],
    ['an origin object', { origin: { href: 'http://127.0.0.1' } }],
  ])('error: %s is refused with 400 and registers nothing', async (_, fields) => {
    const id = freshId('bad')
    const response = await post(JSON.stringify({ attestationId: id, ...fields }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'attestationId and origin are required' })
    expect((await lookup(id)).status).toBe(404)
  })

  it.each([
    ['an array', '[1]'],
    ['null', 'null'],
    ['a string', '"x"'],
  ])('error: a JSON body that is %s is refused with 400', async (_, body) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'attestationId and origin are required' })
  })

  it('error: a body that is not JSON is refused with 400', async () => {
    const id = freshId('notjson')
    const response = await post(`{"attestationId":"${id}","origin":"http://127.0.0.1"`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Body is not valid JSON' })
    expect((await lookup(id)).status).toBe(404)
  })

  it('error: a body over the relay’s 64 KiB limit is refused with 413 and registers nothing', async () => {
    const id = freshId('huge')
    const body = JSON.stringify({ attestationId: id, origin: 'http://127.0.0.1', pad: 'x'.repeat(64 * 1024) })
    const response = await post(body)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'Request body too large' })
    expect((await lookup(id)).status).toBe(404)
  })
})

describe('LocalVerify.attest', () => {
  it('error: an empty id or origin is a typed 400, an id held by another origin a typed 409; nothing is registered', () => {
    const id = freshId('direct')
    verify.attest(id, 'http://127.0.0.1:5173')
    const attempts: [() => unknown, number][] = [
      [() => verify.attest('', 'http://127.0.0.1:5173'), 400],
      [() => verify.attest(freshId('direct-empty-origin'), ''), 400],
      [() => verify.attest(id, 'http://127.0.0.1:6666'), 409],
      [() => verify.attest(freshId('direct-new'), 'http://127.0.0.1:6666', id), 409],
    ]
    for (const [attempt, status] of attempts) {
      const error = (() => {
        try {
          attempt()
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(status === 409 ? AttestationConflictError : HttpError)
      expect((error as HttpError).status).toBe(status)
    }
    expect(verify.lookup('')).toBeUndefined()
    expect(verify.lookup(id)?.origin).toBe('http://127.0.0.1:5173')
  })
})

describe('helpers', () => {
  it('default: the SDK’s storage key for the cached public key, with and without a storage prefix', () => {
    expect(verifyPublicKeyStorageKey()).toBe('wc@2:core:2//verify:public:key')
    expect(verifyPublicKeyStorageKey('wallet-1')).toBe('wc@2:core:2:wallet-1//verify:public:key')
  })

  it('default: sha256Hex is lowercase hex sha256 of the UTF-8 text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c')
  })
})
