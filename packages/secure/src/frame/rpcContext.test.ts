// The frame's clock (rpcContext.ts's nowOf): the context's own clock when given, else the system's
// in whole Unix seconds. What reads it (grant expiry, spending periods) is tested in
// permissions.test.ts, grantSpending.test.ts and rpcReads.test.ts; RpcContext itself is a type.
import { afterEach, expect, test, vi } from 'vitest'
import { nowOf } from './rpcContext.js'

afterEach(() => {
  vi.useRealTimers()
})

test("behavior: the context's own clock wins over the system's", () => {
  vi.useFakeTimers({ toFake: ['Date'], now: 5_000_000_000 })
  expect(nowOf({ now: () => 1_000_000 })).toBe(1_000_000)
})

test('default: without a clock, the system time in whole seconds, rounded down (a grant never looks younger)', () => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_999 })
  expect(nowOf({})).toBe(1_700_000_000)
  vi.setSystemTime(1_700_000_001_000)
  expect(nowOf({ now: undefined })).toBe(1_700_000_001)
})

test('edge: a clock that says 0 (the epoch) is used as given, not replaced by the system time', () => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 })
  expect(nowOf({ now: () => 0 })).toBe(0)
})

test('behavior: the clock is read on every call, never cached (an expiry passes while the frame runs)', () => {
  let seconds = 100
  const context = { now: () => seconds }
  expect(nowOf(context)).toBe(100)
  seconds = 101
  expect(nowOf(context)).toBe(101)
  vi.useFakeTimers({ toFake: ['Date'], now: 10_000 })
  expect(nowOf({})).toBe(10)
  vi.advanceTimersByTime(1_000)
  expect(nowOf({})).toBe(11)
})
