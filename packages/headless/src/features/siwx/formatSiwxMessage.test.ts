// The text formatSiwxMessage writes for each namespace, checked against the reference libraries
// (siwe for EIP-4361, @solana/wallet-standard-util for Solana) and read back by parseSiwxMessage.
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util'
import { SiweMessage } from 'siwe'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { SiwxMessage } from './message.js'
import { validateSiwxMessage } from './message.js'
import { parseSiwxMessage } from './parseSiwxMessage.js'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

const evm: SiwxMessage = {
  accountAddress: account.address,
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/sign-in',
  version: '1',
  nonce: 'Qm9vYmFyYmF6MTIz',
  statement: 'Sign in to Portico Demo.',
  issuedAt: '2026-11-23T18:00:00.000Z',
  expirationTime: '2026-11-24T18:00:00.000Z',
  notBefore: '2026-11-23T17:59:00.000Z',
  requestId: 'req-42',
  resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
}

describe('EIP-4361 (eip155)', () => {
  test('default: the exact text', () => {
    expect(formatSiwxMessage(evm)).toMatchInlineSnapshot(`
      "localhost:5173 wants you to sign in with your Ethereum account:
      0x70997970C51812dc3A010C7d01b50e0d17dc79C8

      Sign in to Portico Demo.

      URI: http://localhost:5173/sign-in
      Version: 1
      Chain ID: 31337
      Nonce: Qm9vYmFyYmF6MTIz
      Issued At: 2026-11-23T18:00:00.000Z
      Expiration Time: 2026-11-24T18:00:00.000Z
      Not Before: 2026-11-23T17:59:00.000Z
      Request ID: req-42
      Resources:
      - https://example.com/terms
      - ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq"
    `)
  })

  test('oracle: the siwe package parses Portico text into the same fields and re-serialises it byte for byte', () => {
    for (const message of [evm, { ...evm, statement: undefined, resources: undefined, requestId: undefined }]) {
      const text = formatSiwxMessage(message)
      const siwe = new SiweMessage(text)
      expect(siwe.address).toBe(message.accountAddress)
      expect(siwe.chainId).toBe(31337)
      expect(siwe.domain).toBe(message.domain)
      expect(siwe.uri).toBe(message.uri)
      expect(siwe.nonce).toBe(message.nonce)
      expect(siwe.statement).toBe(message.statement)
      expect(siwe.resources).toEqual(message.resources)
      expect(siwe.prepareMessage()).toBe(text)
    }
  })

  test('oracle: the siwe package verifies a signature over Portico text', async () => {
    const text = formatSiwxMessage({ ...evm, expirationTime: undefined, notBefore: undefined })
    const signature = await account.signMessage({ message: text })
    const result = await new SiweMessage(text).verify({ signature, domain: evm.domain, nonce: evm.nonce })
    expect(result.success).toBe(true)
  })

  test('oracle: Portico parses text built by the siwe package', () => {
    const built = new SiweMessage({
      scheme: 'https',
      domain: 'app.example.org',
      address: account.address,
      statement: 'I accept the Terms of Service: https://app.example.org/tos',
      uri: 'https://app.example.org/login',
      version: '1',
      chainId: 10,
      nonce: 'abcDEF123456',
      issuedAt: '2026-01-02T03:04:05.678Z',
      expirationTime: '2026-01-03T03:04:05.678Z',
      requestId: 'r1',
      resources: ['https://app.example.org/a'],
    }).prepareMessage()
    const parsed = parseSiwxMessage(built)
    expect(parsed).toEqual({
      accountAddress: account.address,
      chainId: 'eip155:10',
      domain: 'app.example.org',
      scheme: 'https',
      uri: 'https://app.example.org/login',
      version: '1',
      nonce: 'abcDEF123456',
      statement: 'I accept the Terms of Service: https://app.example.org/tos',
      issuedAt: '2026-01-02T03:04:05.678Z',
      expirationTime: '2026-01-03T03:04:05.678Z',
      requestId: 'r1',
      resources: ['https://app.example.org/a'],
    })
    expect(formatSiwxMessage(parsed)).toBe(built)
    const minimal = new SiweMessage({
      domain: 'localhost',
      address: account.address,
      uri: 'http://localhost/',
      version: '1',
      chainId: 1,
      nonce: '12345678',
      issuedAt: '2026-01-02T03:04:05Z',
    }).prepareMessage()
    expect(parseSiwxMessage(minimal)).toMatchObject({ chainId: 'eip155:1', domain: 'localhost', nonce: '12345678' })
    expect(formatSiwxMessage(parseSiwxMessage(minimal))).toBe(minimal)
  })

  test('behavior: a lower-case address is checksummed when formatting, and refused when parsing', () => {
    const text = formatSiwxMessage({ ...evm, accountAddress: account.address.toLowerCase() })
    expect(text.split('\n')[1]).toBe(account.address)
    expect(() => parseSiwxMessage(text.replace(account.address, account.address.toLowerCase()))).toThrow(
      /EIP-55 checksummed/,
    )
  })

  test('behavior: issuedAt is required', () => {
    expect(() => formatSiwxMessage({ ...evm, issuedAt: undefined })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidSiwxMessageError: Invalid sign-in message

      Details: issuedAt undefined: required by EIP-4361.
      Docs: https://portico.dev/docs/api/siwx]
    `)
  })
})

describe('Solana sign-in text', () => {
  const sol: SiwxMessage = {
    accountAddress: solanaAddress,
    chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    domain: 'localhost:5173',
    uri: 'http://localhost:5173',
    version: '1',
    nonce: 'solnonce12345',
    statement: 'Sign in to Portico Demo.',
    issuedAt: '2026-11-23T18:00:00.000Z',
    resources: ['https://example.com/terms'],
  }

  test('oracle: identical to @solana/wallet-standard-util for the same input, and parsed back by it', () => {
    for (const message of [sol, { ...sol, statement: undefined }, { ...sol, chainId: 'solana:abcdefgh' as const }]) {
      const text = formatSiwxMessage(message)
      const chainLine = text
        .split('\n')
        .find((l) => l.startsWith('Chain ID: '))
        ?.slice(10)
      const reference = createSignInMessageText({
        domain: message.domain,
        address: message.accountAddress,
        statement: message.statement,
        uri: message.uri,
        version: message.version,
        chainId: chainLine,
        nonce: message.nonce,
        issuedAt: message.issuedAt,
        resources: message.resources as string[],
      })
      expect(text).toBe(reference)
      expect(parseSignInMessageText(text)).toMatchObject({ address: solanaAddress, nonce: message.nonce })
      expect(parseSiwxMessage(reference)).toEqual(message)
    }
    expect(formatSiwxMessage(sol)).toContain('\nChain ID: devnet\n')
  })

  test('behavior: cluster words map to CAIP-2 ids', () => {
    const text = createSignInMessageText({
      domain: 'a.b',
      address: solanaAddress,
      chainId: 'solana:mainnet',
      uri: 'https://a.b',
      version: '1',
      nonce: '12345678',
    })
    expect(parseSiwxMessage(text).chainId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })
})

describe('CAIP-122 (other namespaces)', () => {
  test('default: round trip', () => {
    const message: SiwxMessage = {
      accountAddress: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
      chainId: 'cosmos:cosmoshub-4',
      domain: 'example.com',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcdefgh',
      issuedAt: '2026-11-23T18:00:00Z',
    }
    const text = formatSiwxMessage(message)
    expect(text).toMatchInlineSnapshot(`
      "example.com wants you to sign in with your Cosmos account:
      cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02


      URI: https://example.com
      Version: 1
      Chain ID: cosmos:cosmoshub-4
      Nonce: abcdefgh
      Issued At: 2026-11-23T18:00:00Z"
    `)
    expect(parseSiwxMessage(text)).toEqual(message)
  })
})

describe('validation', () => {
  test.each([
    ['accountAddress', { accountAddress: '0x1234' }],
    ['chainId', { chainId: 'eip155' }],
    ['domain', { domain: 'exa mple.com' }],
    ['uri', { uri: 'not a uri' }],
    ['version', { version: '2' }],
    ['nonce', { nonce: 'short' }],
    ['statement', { statement: 'two\nlines' }],
    ['issuedAt', { issuedAt: 'yesterday' }],
    ['expirationTime', { expirationTime: '2026-13-45' }],
    ['resources', { resources: ['no uri'] }],
    ['requestId', { requestId: 'has space' }],
  ] as const)('behavior: rejects a bad %s', (field, patch) => {
    expect(() => validateSiwxMessage({ ...evm, ...patch } as SiwxMessage)).toThrow(
      expect.objectContaining({ name: 'InvalidSiwxMessageError', field, shortMessage: 'Invalid sign-in message' }),
    )
  })
})
