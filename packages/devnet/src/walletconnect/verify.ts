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
 */
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

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

  /** An ES256 JWT the SDK's `verifyP256Jwt` accepts (r||s signature over sha256 of the input). */
  attest(id: string, origin: string, decryptedId?: string): string {
    const exp = Math.floor(this.now() / 1000) + ATTESTATION_TTL_S
    for (const key of [id, decryptedId]) if (key) this.origins.set(key, { origin, expiresAt: exp * 1000 })
    const payload: AttestationPayload = { exp, id, origin, isScam: false, isVerified: true }
    const input = `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
    const signature = sign('sha256', Buffer.from(input), { key: this.privateKey, dsaEncoding: 'ieee-p1363' })
    return `${input}.${base64url(signature)}`
  }

  /** The v2 lookup answer for an attestation id, or undefined when unknown or expired. */
  lookup(id: string): { origin: string; isScam: boolean; isVerified: boolean } | undefined {
    const entry = this.origins.get(id)
    if (!entry) return undefined
    if (entry.expiresAt < this.now()) {
      this.origins.delete(id)
      return undefined
    }
    return { origin: entry.origin, isScam: false, isVerified: true }
  }

  /**
   * Answers the Verify routes; returns false for any other path. Routes: `GET /v3/public-key`,
   * `GET /v3/attestation?...` (the iframe page), `GET /attestation/:id` and `/v3/attestation/:id`
   * (JSON lookups), plus `POST /attestation` (`{ attestationId, origin }`) to register one directly.
   */
  async handle(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://relay.local')
    const path = url.pathname.replace(/\/+$/, '')
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'GET' && path === '/v3/public-key') {
      json(200, this.publicKey)
      return true
    }
    if (request.method === 'GET' && (path === '/v3/attestation' || path === '/attestation') && url.search) {
      const id = url.searchParams.get('id') ?? ''
      const decryptedId = url.searchParams.get('decryptedId') ?? undefined
      const origin = refererOrigin(request) ?? url.searchParams.get('origin') ?? ''
      const attestation = this.attest(id, origin, decryptedId)
      response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(attestationPage(attestation))
      return true
    }
    const lookup = /^(?:\/v3)?\/attestation\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && lookup) {
      const found = this.lookup(decodeURIComponent(lookup[1] ?? ''))
      if (found) json(200, found)
      else json(404, { message: 'attestation not found' })
      return true
    }
    if (request.method === 'POST' && path === '/attestation') {
      const body = JSON.parse(await readBody(request)) as { attestationId?: string; origin?: string }
      if (!body.attestationId || !body.origin) {
        json(400, { message: 'attestationId and origin are required' })
        return true
      }
      this.attest(body.attestationId, body.origin)
      json(200, { status: 'ok' })
      return true
    }
    return false
  }
}

function refererOrigin(request: IncomingMessage): string | undefined {
  const referer = request.headers.referer
  if (!referer) return undefined
  try {
    const { origin } = new URL(referer)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 64 * 1024) request.destroy(new Error('body too large'))
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
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
