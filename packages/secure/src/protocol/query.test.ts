// The frame URL's query (protocol/query.ts, parseFrameQuery): which values the frame starts with and
// which it refuses. The basic defaults (chain 1, no logging, a project id required, a non-numeric
// chain id refused) are in protocol.test.ts; refusing a non-http rpcUrl before any request is
// httpRpcUrl's (rpcError.test.ts); what the frame does with a refused query is main.browser.test.tsx's.
import { expect, test } from 'vitest'
import { parseFrameQuery } from './query.js'

const ok = (search: string) => {
  const parsed = parseFrameQuery(search)
  if (!parsed.success) throw new Error(`refused ${search}: ${parsed.error}`)
  return parsed.data
}

test('behavior: every field given is read, the chain id as a number and the logger flag as a boolean', () => {
  const rpcUrl = 'http://127.0.0.1:8545/rpc?key=a%26b'
  expect(
    ok(`?projectId=p1&chainId=8453&version=2.1.0&enableLogger=false&rpcUrl=${encodeURIComponent(rpcUrl)}`),
  ).toEqual({ projectId: 'p1', chainId: 8453, version: '2.1.0', enableLogger: false, rpcUrl })
})

test('edge: a query without its leading ? reads the same, and + and %xx decode as in any URL', () => {
  expect(ok('projectId=a+b%2Fc')).toEqual({ projectId: 'a b/c', chainId: 1, enableLogger: false })
})

test.each(['0', '00', '01', '-1', '+1', '1.0', '1e3', '0x1', ' 1', '1 ', '', '１'])(
  'error: chain id %j is refused (a positive decimal without leading zeros only)',
  (chainId) => {
    const parsed = parseFrameQuery(`?projectId=p&chainId=${encodeURIComponent(chainId)}`)
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.error).toMatch(/^chainId: /)
  },
)

test('edge: the chain id takes at most 16 digits', () => {
  expect(ok('?projectId=p&chainId=1').chainId).toBe(1)
  expect(ok('?projectId=p&chainId=9007199254740991').chainId).toBe(Number.MAX_SAFE_INTEGER)
  expect(parseFrameQuery('?projectId=p&chainId=12345678901234567').success).toBe(false)
})

test('security: a chain id beyond the safe integers is refused, not rounded by Number() to another chain', () => {
  expect(ok('?projectId=p&chainId=9007199254740991').chainId).toBe(9007199254740991)
  expect(parseFrameQuery('?projectId=p&chainId=9007199254740992').success).toBe(false)
  expect(parseFrameQuery('?projectId=p&chainId=9007199254740993').success).toBe(false)
})

test('edge: the project id is 1 to 128 characters; an empty or longer one is refused', () => {
  expect(parseFrameQuery('?projectId=').success).toBe(false)
  expect(ok(`?projectId=${'p'.repeat(128)}`).projectId).toHaveLength(128)
  const long = parseFrameQuery(`?projectId=${'p'.repeat(129)}`)
  expect(long.success).toBe(false)
  if (!long.success) expect(long.error).toMatch(/^projectId: /)
})

test.each(['TRUE', 'True', '1', 'yes', ''])('error: enableLogger=%j is refused (only true or false)', (flag) => {
  expect(parseFrameQuery(`?projectId=p&enableLogger=${flag}`).success).toBe(false)
})

test('edge: the version is at most 32 characters (an empty one is kept as given)', () => {
  expect(ok('?projectId=p&version=').version).toBe('')
  expect(ok(`?projectId=p&version=${'v'.repeat(32)}`).version).toHaveLength(32)
  expect(parseFrameQuery(`?projectId=p&version=${'v'.repeat(33)}`).success).toBe(false)
})

test('edge: an rpcUrl is at most 2048 characters', () => {
  const base = 'http://127.0.0.1:8545/'
  const fits = base + 'a'.repeat(2048 - base.length)
  expect(ok(`?projectId=p&rpcUrl=${encodeURIComponent(fits)}`).rpcUrl).toBe(fits)
  expect(parseFrameQuery(`?projectId=p&rpcUrl=${encodeURIComponent(`${fits}a`)}`).success).toBe(false)
  expect(parseFrameQuery('?projectId=p&rpcUrl=').success).toBe(false)
})

test('security: a repeated parameter keeps its last value, so a later bad one cannot slip past an earlier good one', () => {
  expect(ok('?projectId=first&projectId=second').projectId).toBe('second')
  expect(parseFrameQuery('?projectId=p&chainId=1&chainId=abc').success).toBe(false)
})

test('security: unknown parameters (__proto__, constructor, extra settings) are dropped and pollute nothing', () => {
  const data = ok('?projectId=p&__proto__=x&constructor=y&authUrl=http%3A%2F%2F127.0.0.1%3A1&hostOrigin=evil')
  expect(data).toEqual({ projectId: 'p', chainId: 1, enableLogger: false })
  expect(Object.keys(data).sort()).toEqual(['chainId', 'enableLogger', 'projectId'])
  expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
  expect(({} as Record<string, unknown>).x).toBeUndefined()
})

test('behavior: markup and unicode in the project id are kept as text, exactly', () => {
  const id = '<img src=x onerror=alert(1)>\u202Ep'
  expect(ok(`?projectId=${encodeURIComponent(id)}`).projectId).toBe(id)
})

test('error: a refusal names every bad field at once', () => {
  const parsed = parseFrameQuery('?chainId=0&enableLogger=on')
  expect(parsed.success).toBe(false)
  if (!parsed.success) {
    expect(parsed.error).toMatch(/projectId: /)
    expect(parsed.error).toMatch(/chainId: /)
    expect(parsed.error).toMatch(/enableLogger: /)
    expect(parsed.error.split('; ')).toHaveLength(3)
  }
})
