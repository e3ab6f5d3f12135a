import { expect, test } from 'vitest'
import * as c from './check.js'

test('behavior: an object keeps its known fields, drops others, and names each problem by its path', () => {
  const wallet = c.object({ id: c.string({ min: 1 }), chains: c.optional(c.array(c.string())) })
  expect(wallet.safeParse({ id: 'a', chains: ['eip155:1'], extra: 1 })).toEqual({
    success: true,
    data: { id: 'a', chains: ['eip155:1'] },
  })
  expect(wallet.safeParse({ id: '', chains: ['x', 2] })).toEqual({
    success: false,
    issues: [
      { path: 'id', message: 'too small (minimum 1)' },
      { path: 'chains.1', message: 'expected string' },
    ],
  })
  expect(wallet.safeParse(null)).toEqual({ success: false, issues: [{ path: '', message: 'expected object' }] })
  expect(wallet.safeParse([])).toMatchObject({ success: false })
})

test('behavior: strict objects refuse unknown keys, loose ones keep them', () => {
  expect(c.object({ a: c.boolean() }, 'strict').safeParse({ a: true, b: 1 })).toEqual({
    success: false,
    issues: [{ path: '', message: 'unknown keys: b' }],
  })
  expect(c.object({ a: c.boolean() }, 'loose').parse({ a: true, b: 1 })).toEqual({ a: true, b: 1 })
})

test('behavior: an absent optional field stays absent; null comes out of nullish as undefined', () => {
  const shape = c.object({ a: c.optional(c.string()), b: c.nullish(c.string()) })
  const out = shape.parse({ b: null })
  expect('a' in out).toBe(false)
  expect(out).toEqual({ b: undefined })
})

test('behavior: numbers refuse NaN and Infinity; int refuses fractions and unsafe integers', () => {
  for (const value of [Number.NaN, Infinity, '1', undefined]) expect(c.number().safeParse(value).success).toBe(false)
  for (const value of [1.5, 2 ** 60]) expect(c.number({ int: true }).safeParse(value).success).toBe(false)
  expect(c.number({ int: true, min: 0, max: 3 }).safeParse(4)).toEqual({
    success: false,
    issues: [{ path: '', message: 'too big (maximum 3)' }],
  })
})

test('behavior: records restricted to keys name the unknown key; unions take the first that fits', () => {
  expect(c.record(c.string(), ['eip155', 'solana']).safeParse({ tron: 'x' })).toEqual({
    success: false,
    issues: [{ path: 'tron', message: 'expected one of eip155, solana' }],
  })
  const flag = c.union<unknown>([c.oneOf([false]), c.string()], 'false or a string')
  expect(flag.parse(false)).toBe(false)
  expect(flag.safeParse(1)).toEqual({ success: false, issues: [{ path: '', message: 'false or a string' }] })
})

test('behavior: refine runs only on a value that passed, and reports below its path', () => {
  const seen: unknown[] = []
  const pair = c.refine(c.object({ a: c.number(), b: c.number() }), (value, report) => {
    seen.push(value)
    if (value.a > value.b) report('must not exceed b', 'a')
  })
  expect(c.object({ pair }).safeParse({ pair: { a: 2, b: 1 } })).toEqual({
    success: false,
    issues: [{ path: 'pair.a', message: 'must not exceed b' }],
  })
  pair.safeParse({ a: 'x', b: 1 })
  expect(seen).toHaveLength(1)
})

test('behavior: parse throws a CheckError listing every issue; from() wraps any safeParse', () => {
  expect(() => c.array(c.string(), { max: 1 }).parse(['a', 2])).toThrowError(
    expect.objectContaining({
      name: 'CheckError',
      issues: [
        { path: '', message: 'too big (maximum 1)' },
        { path: '1', message: 'expected string' },
      ],
    }),
  )
  const even = c.from({
    safeParse: (value: unknown) =>
      typeof value === 'number' && value % 2 === 0
        ? { success: true as const, data: value }
        : { success: false as const },
  })
  expect(c.array(even).safeParse([2, 3])).toEqual({
    success: false,
    issues: [{ path: '1', message: 'does not have the expected shape' }],
  })
})

test('behavior: string checks trim when asked, then length, pattern and test, with the given message', () => {
  expect(c.string({ trim: true }).parse('  p  ')).toBe('p')
  expect(c.string({ pattern: /^\d+$/, message: 'digits only' }).safeParse('1a')).toEqual({
    success: false,
    issues: [{ path: '', message: 'digits only' }],
  })
  expect(c.withDefault(c.boolean(), true).parse(undefined)).toBe(true)
})

test('security: a "__proto__" key of untrusted JSON is refused, and never becomes the output\'s prototype', () => {
  const entries = c.record(c.object({ timestamp: c.number() }))
  expect(entries.safeParse(JSON.parse('{"__proto__":{"timestamp":1},"a":{"timestamp":2}}'))).toEqual({
    success: false,
    issues: [{ path: '__proto__', message: 'not a key: __proto__' }],
  })
  // Even a caller that reads the output despite the issues gets no prototype from the key.
  const issues: c.Issue[] = []
  const out = entries.run(JSON.parse('{"__proto__":{"timestamp":1},"a":{"timestamp":2}}'), '', issues)
  expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  expect(out.a).toEqual({ timestamp: 2 })
})
