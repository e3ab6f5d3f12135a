import { createPublicKey, generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  formatSiwxMessage,
  type SiwxMessage,
  type SiwxRejectionReason,
  SiwxVerificationError,
} from '@portico/headless/siwx'
import { base58 } from '@scure/base'
import { SiweMessage } from 'siwe'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createMemoryNonceStore } from './nonceStore.js'
import { type VerifySiwxMessageOptions, verifySiwxMessage } from './verifySiwxMessage.js'

const account = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const other = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const start = Date.parse('2026-11-23T18:00:00.000Z')

function setup(overrides: Partial<VerifySiwxMessageOptions> = {}) {
  let time = start
  const clock = { now: () => time, advance: (ms: number) => (time += ms) }
  const nonces = createMemoryNonceStore({ ttl: 5 * 60_000, now: clock.now })
  const options: VerifySiwxMessageOptions = {
    domain: 'app.example.com',
    chainIds: ['eip155:1', 'eip155:31337', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
    nonces,
    now: clock.now,
    ...overrides,
  }
  const evmMessage = async (patch: Partial<SiwxMessage> = {}): Promise<SiwxMessage> => ({
    accountAddress: account.address,
    chainId: 'eip155:1',
    domain: 'app.example.com',
    uri: 'https://app.example.com/login',
    version: '1',
    nonce: (await nonces.issue()).nonce,
    statement: 'Sign in to Example.',
    issuedAt: new Date(clock.now()).toISOString(),
    expirationTime: new Date(clock.now() + 60 * 60_000).toISOString(),
    ...patch,
  })
  const signEvm = async (patch: Partial<SiwxMessage> = {}, signer = account) => {
    const message = formatSiwxMessage(await evmMessage(patch))
    return { message, signature: await signer.signMessage({ message }) }
  }
  return { clock, nonces, options, evmMessage, signEvm }
}

async function rejection(promise: Promise<unknown>): Promise<SiwxRejectionReason> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiwxVerificationError)
  expect(error).toMatchObject({ shortMessage: 'Sign-in verification failed' })
  return (error as SiwxVerificationError).reason
}

describe('eip155', () => {
  test('default: an EOA sign-in verifies once and returns the fields', async () => {
    const { options, signEvm } = setup()
    const signed = await signEvm()
    await expect(verifySiwxMessage(signed, options)).resolves.toMatchObject({
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: 'app.example.com',
    })
  })

  test('oracle: a message built and signed through the siwe package verifies', async () => {
    const { options, nonces } = setup()
    const message = new SiweMessage({
      domain: 'app.example.com',
      address: account.address,
      uri: 'https://app.example.com',
      version: '1',
      chainId: 1,
      nonce: (await nonces.issue()).nonce,
      issuedAt: new Date(start).toISOString(),
    }).prepareMessage()
    const signature = await account.signMessage({ message })
    await expect(verifySiwxMessage({ message, signature }, options)).resolves.toMatchObject({ chainId: 'eip155:1' })
  })

  test('behavior: every rejection reason', async () => {
    const { options, signEvm, clock, evmMessage } = setup()
    const cases: [SiwxRejectionReason, () => Promise<unknown>][] = [
      ['malformed_message', async () => verifySiwxMessage({ message: 'hello', signature: '0x00' }, options)],
      [
        // A day its month does not have: Date.parse would read 2 March, not what the user signed.
        'malformed_message',
        async () => {
          const signed = await signEvm()
          const message = signed.message.replace(/Issued At: .*/, 'Issued At: 2026-02-30T00:00:00Z')
          expect(message).not.toBe(signed.message)
          return verifySiwxMessage({ ...signed, message }, options)
        },
      ],
      ['malformed_signature', async () => verifySiwxMessage({ ...(await signEvm()), signature: 'not-hex' }, options)],
      [
        'unsupported_namespace',
        async () => {
          const message = formatSiwxMessage({
            ...(await evmMessage()),
            chainId: 'cosmos:cosmoshub-4',
            accountAddress: 'cosmos1abc',
          })
          return verifySiwxMessage({ message, signature: '0x00' }, { ...options, chainIds: undefined })
        },
      ],
      ['wrong_domain', async () => verifySiwxMessage(await signEvm({ domain: 'evil.example.com' }), options)],
      ['wrong_uri', async () => verifySiwxMessage(await signEvm({ uri: 'https://evil.example.com/login' }), options)],
      [
        'wrong_uri',
        async () =>
          verifySiwxMessage(await signEvm({ uri: 'https://app.example.com/other' }), {
            ...options,
            uri: ['https://app.example.com/login'],
          }),
      ],
      ['wrong_chain', async () => verifySiwxMessage(await signEvm({ chainId: 'eip155:10' }), options)],
      ['unknown_nonce', async () => verifySiwxMessage(await signEvm({ nonce: 'neverissued123' }), options)],
      [
        'expired_nonce',
        async () => {
          const signed = await signEvm({ expirationTime: undefined })
          clock.advance(5 * 60_000 + 1)
          return verifySiwxMessage(signed, options)
        },
      ],
      [
        'replayed_nonce',
        async () => {
          const signed = await signEvm()
          await verifySiwxMessage(signed, options)
          return verifySiwxMessage(signed, options)
        },
      ],
      [
        'expired',
        async () =>
          verifySiwxMessage(
            await signEvm({
              issuedAt: new Date(clock.now() - 10 * 60_000).toISOString(),
              expirationTime: new Date(clock.now() - 61_000).toISOString(),
            }),
            options,
          ),
      ],
      [
        'expired',
        async () =>
          verifySiwxMessage(await signEvm({ issuedAt: new Date(clock.now() - 10 * 60_000).toISOString() }), {
            ...options,
            maxAge: 5 * 60_000,
          }),
      ],
      [
        'not_yet_valid',
        async () =>
          verifySiwxMessage(await signEvm({ notBefore: new Date(clock.now() + 61_000).toISOString() }), options),
      ],
      [
        'not_yet_valid',
        async () =>
          verifySiwxMessage(await signEvm({ issuedAt: new Date(clock.now() + 120_000).toISOString() }), options),
      ],
      ['invalid_signature', async () => verifySiwxMessage(await signEvm({}, other), options)],
      [
        'invalid_signature',
        async () => {
          const signed = await signEvm()
          // Tampered: the statement changed after signing; everything else still checks out.
          return verifySiwxMessage(
            { ...signed, message: signed.message.replace('Sign in to Example.', 'Sign in to Evil.') },
            options,
          )
        },
      ],
    ]
    for (const [reason, run] of cases) expect(await rejection(run()), reason).toBe(reason)
  })

  test('behavior: the clock-skew tolerance accepts a device clock slightly ahead or behind', async () => {
    const { options, signEvm, clock } = setup()
    await expect(
      verifySiwxMessage(await signEvm({ issuedAt: new Date(clock.now() + 30_000).toISOString() }), options),
    ).resolves.toBeDefined()
    await expect(
      verifySiwxMessage(await signEvm({ notBefore: new Date(clock.now() + 30_000).toISOString() }), options),
    ).resolves.toBeDefined()
    await expect(
      verifySiwxMessage(await signEvm({ expirationTime: new Date(clock.now() - 30_000).toISOString() }), options),
    ).resolves.toBeDefined()
    await expect(
      verifySiwxMessage(await signEvm({ expirationTime: new Date(clock.now() - 30_000).toISOString() }), {
        ...options,
        clockSkew: 0,
      }),
    ).rejects.toMatchObject({ reason: 'expired' })
  })

  test('behavior: a rejected signature leaves the nonce usable; two concurrent uses let one through', async () => {
    const { options, nonces, evmMessage } = setup()
    const data = await evmMessage()
    const message = formatSiwxMessage(data)
    await expect(
      verifySiwxMessage({ message, signature: await other.signMessage({ message }) }, options),
    ).rejects.toMatchObject({ reason: 'invalid_signature' })
    expect(await nonces.check(data.nonce)).toBe('valid')
    const signature = await account.signMessage({ message })
    const results = await Promise.allSettled([
      verifySiwxMessage({ message, signature }, options),
      verifySiwxMessage({ message, signature }, options),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { reason: 'replayed_nonce' } })
  })

  test('parameters: domain and uri lists; without nonces the nonce is not checked', async () => {
    const { options, signEvm } = setup()
    const signed = await signEvm({ domain: 'localhost:5173', uri: 'http://localhost:5173/x' })
    await expect(
      verifySiwxMessage(signed, {
        ...options,
        nonces: undefined,
        domain: ['app.example.com', 'localhost:5173'],
        uri: 'http://localhost:5173',
      }),
    ).resolves.toMatchObject({ domain: 'localhost:5173' })
  })
})

describe('solana', () => {
  const chainId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const

  test('oracle: a key made and used by node:crypto signs in; Portico text verified by node:crypto', async () => {
    const { options, nonces } = setup()
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
    const address = base58.encode(raw)
    const message = formatSiwxMessage({
      accountAddress: address,
      chainId,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: (await nonces.issue()).nonce,
      issuedAt: new Date(start).toISOString(),
    })
    const signature = nodeSign(null, Buffer.from(message, 'utf8'), privateKey)
    // The independent check: node:crypto (OpenSSL) agrees the bytes Portico verifies are the ones signed.
    expect(nodeVerify(null, Buffer.from(message, 'utf8'), publicKey, signature)).toBe(true)
    await expect(verifySiwxMessage({ message, signature: base58.encode(signature) }, options)).resolves.toMatchObject({
      accountAddress: address,
      chainId,
    })

    // And the other direction: a signature made by noble verifies under node:crypto.
    const secret = ed25519.utils.randomSecretKey()
    const nobleAddress = ed25519.getPublicKey(secret)
    const nobleSignature = ed25519.sign(new TextEncoder().encode(message), secret)
    const spki = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), nobleAddress]),
      format: 'der',
      type: 'spki',
    })
    expect(nodeVerify(null, Buffer.from(message, 'utf8'), spki, nobleSignature)).toBe(true)
  })

  test('behavior: tampered text, another key, and malformed signatures are refused', async () => {
    const { options, nonces } = setup()
    const secret = ed25519.utils.randomSecretKey()
    const address = base58.encode(ed25519.getPublicKey(secret))
    const message = formatSiwxMessage({
      accountAddress: address,
      chainId,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: (await nonces.issue()).nonce,
      statement: 'Sign in to Example.',
      issuedAt: new Date(start).toISOString(),
    })
    const signature = ed25519.sign(new TextEncoder().encode(message), secret)
    const tampered = message.replace('Example', 'Elpmaxe')
    expect(
      await rejection(verifySiwxMessage({ message: tampered, signature: base58.encode(signature) }, options)),
    ).toBe('invalid_signature')
    const wrongKey = ed25519.sign(new TextEncoder().encode(message), ed25519.utils.randomSecretKey())
    expect(await rejection(verifySiwxMessage({ message, signature: base58.encode(wrongKey) }, options))).toBe(
      'invalid_signature',
    )
    expect(await rejection(verifySiwxMessage({ message, signature: 'abc' }, options))).toBe('malformed_signature')
    expect(await rejection(verifySiwxMessage({ message, signature: '0OIl' }, options))).toBe('malformed_signature')
    await expect(verifySiwxMessage({ message, signature: base58.encode(signature) }, options)).resolves.toBeDefined()
  })
})
