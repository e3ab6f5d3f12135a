/**
 * A local stand-in for the WalletConnect Verify API, served on the relay's HTTP port. Checked
 * against `@walletconnect/core` 2.25 `controllers/verify.ts` and sign-client's `getVerifyContext`:
 *
 * - Dapp side (browser only): `verify.register()` loads a hidden iframe from
 *   `${verifyUrlV3}/attestation?projectId&origin&id&decryptedId` and waits (5 s at most) for a
 *   `postMessage` string `{"type":"verify_attestation","attestation":"<ES256 JWT>"}` whose payload
 *   `id` equals the `id` query parameter. {@link attestationPage} answers exactly that.
 * - Wallet side: `verify.resolve()` validates a JWT attestation with the P-256 key from
 *   `${verifyUrlV3}/public-key` (`{ publicKey: JWK, expiresAt }`, cached in the core's storage under
 *   `wc@2:core:2:<customStoragePrefix>//verify:public:key`), and otherwise fetches
 *   `${verifyUrl}/attestation/<hash>?v2Supported=true` (`{ origin, isScam, isVerified }`).
 *
 * The SDK pins both hosts: `verifyUrlV3` is the constant `https://verify.walletconnect.org/v3`
 * and any `metadata.verifyUrl` outside its trusted list is replaced by verify.walletconnect.org.
 * So the SDK reaches this service only where a test routes those URLs here (a browser context
 * route) or seeds the public key into the wallet's storage ({@link verifyPublicKeyStorageKey}).
 *
 * An id stays bound to the origin it was first registered for until it expires: the wallet trusts
 * the lookup's origin, so a page that registered an id again from its own origin would take over
 * the attestation of a request another site made.
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { type Context, Hono, type Next } from 'hono'
import { type EmulatorEnv, HttpError, isRecord, readJson } from '../emulator/app.js'

/** The attestation JWT payload the SDK checks (`exp` in seconds). */
interface AttestationPayload {
  exp: number
  id: string
  origin: string
  isScam: boolean
  isVerified: boolean
}

/**
 * The P-256 public key as `GET /v3/public-key` serves it and as the SDK caches it.
 *
 * @example
 * ```ts
 * const entry: VerifyPublicKey = await (await fetch(`${relay.verifyUrl}/v3/public-key`)).json()
 * ```
 */
export interface VerifyPublicKey {
  publicKey: { crv: string; ext: boolean; key_ops: string[]; kty: string; x: string; y: string }
  /** Seconds since the epoch. */
  expiresAt: number
}

const ATTESTATION_TTL_S = 60 * 60
const KEY_TTL_S = 7 * 24 * 60 * 60

/**
 * The storage key under which `@walletconnect/core` 2.25 caches the Verify public key; writing
 * the relay's {@link VerifyPublicKey} there (before `Core` is created) lets a wallet validate the
 * local attestations without fetching the key from verify.walletconnect.org.
 *
 * @example
 * ```ts
 * await storage.setItem(verifyPublicKeyStorageKey('wallet-1'), relay.verifyPublicKey)
 * const core = new Core({ projectId, relayUrl: relay.url, customStoragePrefix: 'wallet-1', storage })
 * ```
 */
export function verifyPublicKeyStorageKey(customStoragePrefix = ''): string {
  // Core stores `customStoragePrefix` as `:<prefix>`.
  return `wc@2:core:2${customStoragePrefix ? `:${customStoragePrefix}` : ''}//verify:public:key`
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

/**
 * @internal
 * 409: the attestation id (or decrypted id) is registered, unexpired, for another origin. Refused
 * rather than ignored, so no JWT naming the second origin is signed for an id the lookup answers
 * with the first.
 */
export class AttestationConflictError extends HttpError {
  constructor() {
    super(409, 'attestation id is already registered for another origin')
  }
}

/** @internal The Verify service state: a signing key and the attestations issued so far. */
export class LocalVerify {
  private readonly privateKey: KeyObject
  readonly publicKey: VerifyPublicKey
  /** Attestation id and decrypted id (both hashes of the dapp's request) -> origin. */
  private readonly origins = new Map<string, { origin: string; expiresAt: number }>()

  constructor(private readonly now: () => number) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    this.publicKey = {
      publicKey: { crv: 'P-256', ext: true, key_ops: ['verify'], kty: 'EC', x: jwk.x ?? '', y: jwk.y ?? '' },
      expiresAt: Math.floor(now() / 1000) + KEY_TTL_S,
    }
  }

  /**
   * An ES256 JWT the SDK's `verifyP256Jwt` accepts (r||s signature over sha256 of the input), after
   * binding `id` (and `decryptedId`) to `origin` for an hour. Throws {@link HttpError} 400 for an
   * empty id or origin and {@link AttestationConflictError} when either id is bound to another
   * origin (nothing is registered then); the same origin again renews the binding.
   */
  attest(id: string, origin: string, decryptedId?: string): string {
    if (!id || !origin) throw new HttpError(400, 'attestation id and origin are required')
    const keys = decryptedId ? [id, decryptedId] : [id]
    if (keys.some((key) => (this.held(key)?.origin ?? origin) !== origin)) throw new AttestationConflictError()
    const exp = Math.floor(this.now() / 1000) + ATTESTATION_TTL_S
    for (const key of keys) this.origins.set(key, { origin, expiresAt: exp * 1000 })
    const payload: AttestationPayload = { exp, id, origin, isScam: false, isVerified: true }
    const input = `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
    const signature = sign('sha256', Buffer.from(input), { key: this.privateKey, dsaEncoding: 'ieee-p1363' })
    return `${input}.${base64url(signature)}`
  }

  /** The v2 lookup answer for an attestation id, or undefined when unknown or expired. */
  lookup(id: string): { origin: string; isScam: boolean; isVerified: boolean } | undefined {
    const entry = this.held(id)
    return entry && { origin: entry.origin, isScam: false, isVerified: true }
  }

  /** The unexpired binding of an id; an expired one is dropped, so a clock moved back does not revive it. */
  private held(id: string): { origin: string; expiresAt: number } | undefined {
    const entry = this.origins.get(id)
    if (entry && entry.expiresAt < this.now()) {
      this.origins.delete(id)
      return undefined
    }
    return entry
  }
}

/**
 * @internal
 * The Verify routes: `GET /v3/public-key`, `GET /v3/attestation?...` and `/attestation?...` (the
 * iframe page), `GET /attestation/:id` and `/v3/attestation/:id` (JSON lookups), plus
 * `POST /attestation` (`{ attestationId, origin }`) to register one directly. Nothing is cached.
 * A page request without an id or an origin (query or Referer) is 400; registering an id held for
 * another origin, by either route, is 409 (see {@link AttestationConflictError}).
 */
export function verifyRoutes(verify: LocalVerify): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>()
  const noStore = { 'cache-control': 'no-store' }
  const refused = (c: Context<EmulatorEnv>, error: unknown) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status, noStore)
    throw error
  }
  app.get('/v3/public-key', (c) => c.json(verify.publicKey, 200, noStore))
  const page = async (c: Context<EmulatorEnv>, next: Next) => {
    // Without a query this is no iframe request (nor a lookup): nothing here answers it.
    if (!new URL(c.req.url).search) return next()
    const id = c.req.query('id')
    const origin = refererOrigin(c.req.header('referer')) ?? c.req.query('origin')
    // The SDK always sends both; an attestation for an empty id or origin would attest nothing.
    if (!id || !origin) return c.json({ message: 'id and origin are required' }, 400, noStore)
    try {
      const attestation = verify.attest(id, origin, c.req.query('decryptedId'))
      return c.html(attestationPage(attestation), 200, noStore)
    } catch (error) {
      return refused(c, error)
    }
  }
  app.get('/v3/attestation', page)
  app.get('/attestation', page)
  const lookup = (c: Context<EmulatorEnv>) => {
    const found = verify.lookup(c.req.param('id') ?? '')
    return found ? c.json(found, 200, noStore) : c.json({ message: 'attestation not found' }, 404, noStore)
  }
  app.get('/attestation/:id', lookup)
  app.get('/v3/attestation/:id', lookup)
  app.post('/attestation', async (c) => {
    const body = await readJson(c)
    const { attestationId, origin } = isRecord(body) ? body : {}
    if (typeof attestationId !== 'string' || !attestationId || typeof origin !== 'string' || !origin)
      return c.json({ message: 'attestationId and origin are required' }, 400, noStore)
    try {
      verify.attest(attestationId, origin)
    } catch (error) {
      return refused(c, error)
    }
    return c.json({ status: 'ok' }, 200, noStore)
  })
  return app
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    const { origin } = new URL(referer)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * @internal The iframe page: posts the attestation to the embedding dapp the way the SDK's
 * `verify.register()` listens for it (a JSON string, any target origin).
 */
export function attestationPage(attestation: string): string {
  const message = JSON.stringify(JSON.stringify({ type: 'verify_attestation', attestation })).replace(/</g, '\\u003c')
  return `<!doctype html><meta charset="utf-8"><title>Portico devnet verify</title><script>window.parent.postMessage(${message}, '*')</script>`
}

/** @internal sha256 hex, as the SDK's `hashMessage`. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
