import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()

/**
 * A software passkey for the server's tests: an ES256 credential that answers WebAuthn ceremonies
 * with the bytes a browser and authenticator would send (client data, authenticator data, CBOR
 * attestation, DER signature), so the server's real WebAuthn checks run on them. The browser tests
 * use Chromium's virtual authenticator instead; this one lets a test forge what no browser would
 * send (another origin, an old counter).
 */
export function softAuthenticator(options: { rpId: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  const credentialId = randomBytes(16)
  let counter = 0
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  )
  // A ceremony in a cross-origin frame (the secure frame in a host's page) says so, with the page's
  // origin as `topOrigin`, as Chromium writes it.
  const clientData = (type: string, challenge: string, origin: string, topOrigin?: string) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin,
        crossOrigin: topOrigin !== undefined,
        ...(topOrigin ? { topOrigin } : {}),
      }),
    )
  const authData = (flags: number, count: number, attested?: Uint8Array) => {
    const head = Buffer.alloc(37)
    sha256(options.rpId).copy(head, 0)
    head[32] = flags
    head.writeUInt32BE(count, 33)
    return attested ? Buffer.concat([head, attested]) : head
  }
  return {
    id: b64url(credentialId),
    /** Sets the signature counter the next assertion reports (after it is raised by one). */
    setCounter(value: number) {
      counter = value
    },
    register(challenge: string, origin = options.origin, topOrigin?: string) {
      const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, credentialId.length]), credentialId, cose])
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(0x45, counter, attested)],
        ]) as never,
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge, origin, topOrigin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },
    assert(challenge: string, origin = options.origin, topOrigin?: string) {
      counter += 1
      const data = authData(0x05, counter)
      const client = clientData('webauthn.get', challenge, origin, topOrigin)
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      }
    },
  }
}
