// The field schemas both directions of the frame protocol share (fields.ts), each at its bounds:
// bounded strings, request ids, one-time codes, emails, chain ids, RPC URLs, empty payloads and the
// sign-in message data. How whole messages use them: requests.test.ts and replies.test.ts; the
// parses' main cases: ../protocol.test.ts; the origin checks around the parses: frame/main.ts and the
// kit's frameClient, end to end in tests/e2e/embeddedFrameSafety.test.ts.
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import {
  aaUrls,
  appPrefix,
  chainId,
  email,
  empty,
  framePrefix,
  frameProtocolVersion,
  otp,
  requestId,
  rpcUrl,
  siwxMessageSchema,
  str,
} from './fields.js'

const ok = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success

describe('version and prefixes', () => {
  test('default: protocol version 1, and a prefix of its own for each direction', () => {
    expect(frameProtocolVersion).toBe('1')
    expect(appPrefix).toBe('@portico-app/')
    expect(framePrefix).toBe('@portico-frame/')
  })

  test('security: neither prefix starts the other, so a reply can never be read as a request or back', () => {
    expect(appPrefix.startsWith(framePrefix)).toBe(false)
    expect(framePrefix.startsWith(appPrefix)).toBe(false)
  })
})

describe('str', () => {
  test('edge: both bounds are inclusive and count code points, not UTF-16 units', () => {
    const three = str(1, 3)
    expect(ok(three, 'a')).toBe(true)
    expect(ok(three, 'abc')).toBe(true)
    expect(ok(three, '')).toBe(false)
    expect(ok(three, 'abcd')).toBe(false)
    // An emoji is two UTF-16 units but one code point: three fit, a fourth does not. A sender that
    // cuts at N units (the frame's errorReply) therefore always fits a bound of N.
    expect(ok(three, '😀😀😀')).toBe(true)
    expect(ok(three, '😀😀😀😀')).toBe(false)
  })

  test('error: only a primitive string is a string', () => {
    const any = str(0, 10)
    for (const value of [1, true, null, undefined, ['a'], { toString: () => 'a' }, new String('a')])
      expect(ok(any, value)).toBe(false)
  })
})

describe('requestId', () => {
  test('edge: 1 to 64 characters', () => {
    expect(ok(requestId, 'a')).toBe(true)
    expect(ok(requestId, 'a'.repeat(64))).toBe(true)
    expect(ok(requestId, '')).toBe(false)
    expect(ok(requestId, 'a'.repeat(65))).toBe(false)
    expect(ok(requestId, 1)).toBe(false)
  })
})

describe('otp', () => {
  test('default: exactly six ASCII digits, leading zeros kept', () => {
    expect(otp.safeParse('000123')).toEqual({ success: true, data: '000123' })
  })

  test.each([
    ['five digits', '12345'],
    ['seven digits', '1234567'],
    ['a trailing newline', '123456\n'],
    ['a leading space', ' 123456'],
    ['a letter', '12345a'],
    ['full-width digits', '１２３４５６'],
    ['Arabic-Indic digits', '١٢٣٤٥٦'],
    ['a sign', '+12345'],
    ['a number', 123456],
  ])('error: an otp with %s is refused', (_, value) => {
    expect(ok(otp, value)).toBe(false)
  })
})

describe('email', () => {
  // 64 + 1 + 189 = 254 characters, the longest address SMTP carries.
  const longest = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`

  test('edge: at most 254 characters', () => {
    expect(longest).toHaveLength(254)
    expect(ok(email, longest)).toBe(true)
    expect(ok(email, `a${longest}`)).toBe(false)
    expect(ok(email, `${'a'.repeat(100_000)}@example.com`)).toBe(false)
  })

  test.each([
    ['no domain', 'ada@'],
    ['no top-level domain', 'ada@localhost'],
    ['a display name', '"Ada" <ada@example.com>'],
    ['a header injection', 'ada@example.com\r\nBcc: eve@example.com'],
    ['a trailing newline', 'ada@example.com\n'],
    ['two at signs', 'ada@evil.test@example.com'],
  ])('error: an email with %s is refused', (_, value) => {
    expect(ok(email, value)).toBe(false)
  })
})

describe('chainId', () => {
  test('default: a positive integer (EVM) or a short string (a Solana genesis reference)', () => {
    expect(chainId.safeParse(8453)).toEqual({ success: true, data: 8453 })
    expect(chainId.safeParse('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      success: true,
      data: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(ok(chainId, Number.MAX_SAFE_INTEGER)).toBe(true)
    expect(ok(chainId, 'x'.repeat(64))).toBe(true)
  })

  test.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['zero', 0],
    ['negative', -1],
    ['a fraction', 1.5],
    ['past the safe integers', 2 ** 53],
    ['a bigint', 1n],
    ['an empty string', ''],
    ['a 65-character string', 'x'.repeat(65)],
    ['null', null],
    ['a boolean', true],
  ])('error: a chain id that is %s is refused', (_, value) => {
    expect(ok(chainId, value)).toBe(false)
  })
})

describe('rpcUrl and the smart account URLs', () => {
  test('edge: a URL of at most 2048 characters, trimmed', () => {
    const base = 'http://127.0.0.1:8545/'
    expect(ok(rpcUrl, base + 'a'.repeat(2048 - base.length))).toBe(true)
    expect(ok(rpcUrl, base + 'a'.repeat(2049 - base.length))).toBe(false)
    expect(rpcUrl.safeParse(`  ${base}\n`)).toEqual({ success: true, data: base })
  })

  test('error: what no URL parser reads is refused', () => {
    for (const value of ['', '127.0.0.1 8545', '//127.0.0.1:8545', 'http://[::1', 8545, null])
      expect(ok(rpcUrl, value)).toBe(false)
  })

  test('default: the bundler and the paymaster are optional URLs with the same bounds', () => {
    const urls = z.object(aaUrls)
    expect(urls.safeParse({})).toEqual({ success: true, data: {} })
    expect(ok(urls, { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4338' })).toBe(true)
    expect(ok(urls, { bundlerUrl: 'bundler' })).toBe(false)
    expect(ok(urls, { paymasterUrl: `http://127.0.0.1/${'a'.repeat(2048)}` })).toBe(false)
  })
})

describe('empty', () => {
  test('default: no payload or an object, whose keys are all dropped', () => {
    expect(empty.safeParse(undefined)).toEqual({ success: true, data: undefined })
    expect(empty.safeParse({ approve: true, origin: 'http://127.0.0.1:1' })).toEqual({ success: true, data: {} })
  })

  test('error: null, an array or a primitive is no empty payload', () => {
    for (const value of [null, [], 'x', 0, false]) expect(ok(empty, value)).toBe(false)
  })
})

describe('siwxMessageSchema', () => {
  const message = {
    accountAddress: '0x0000000000000000000000000000000000000000',
    chainId: 'eip155:1',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173/login',
    version: '1',
    nonce: 'abcdefgh',
    statement: 'Sign in to the app',
    resources: ['http://127.0.0.1:5173/terms'],
    issuedAt: '2025-01-01T00:00:00.000Z',
  }
  const parse = (patch: Record<string, unknown>) => siwxMessageSchema.safeParse({ ...message, ...patch })

  test('default: a full message parses unchanged', () => {
    expect(siwxMessageSchema.safeParse(message)).toEqual({ success: true, data: message })
  })

  test('security: keys outside EIP-4361 are dropped, so no signature or address can ride along', () => {
    // As a structured clone or JSON.parse delivers it: `__proto__` an own key, not the prototype.
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')
    const parsed = parse({ ...hostile, signature: `0x${'11'.repeat(65)}`, privateKey: `0x${'22'.repeat(32)}` })
    expect(parsed).toEqual({ success: true, data: message })
    expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('edge: the nonce is 8 to 128 characters (EIP-4361 asks for at least 8)', () => {
    expect(parse({ nonce: 'a'.repeat(8) }).success).toBe(true)
    expect(parse({ nonce: 'a'.repeat(7) }).success).toBe(false)
    expect(parse({ nonce: 'a'.repeat(128) }).success).toBe(true)
    expect(parse({ nonce: 'a'.repeat(129) }).success).toBe(false)
  })

  test('edge: each field at its bound (statement may be empty; at most 16 resources)', () => {
    expect(parse({ statement: '' }).success).toBe(true)
    expect(parse({ statement: 'a'.repeat(1025) }).success).toBe(false)
    expect(parse({ domain: 'a'.repeat(255) }).success).toBe(true)
    expect(parse({ domain: 'a'.repeat(256) }).success).toBe(false)
    expect(parse({ uri: 'a'.repeat(2049) }).success).toBe(false)
    expect(parse({ chainId: 'e:' }).success).toBe(false)
    expect(parse({ accountAddress: 'a'.repeat(129) }).success).toBe(false)
    expect(parse({ resources: Array.from({ length: 16 }, () => 'http://127.0.0.1/') }).success).toBe(true)
    expect(parse({ resources: Array.from({ length: 17 }, () => 'http://127.0.0.1/') }).success).toBe(false)
    expect(parse({ resources: [''] }).success).toBe(false)
    expect(parse({ expirationTime: 'a'.repeat(65) }).success).toBe(false)
  })

  test('error: only version "1", and every required field, is a sign-in message', () => {
    expect(parse({ version: '2' }).success).toBe(false)
    expect(parse({ version: 1 }).success).toBe(false)
    for (const key of ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce'])
      expect(parse({ [key]: undefined }).success).toBe(false)
  })
})
