// runAtIdle: when the modal's idle work (prefetchAtIdle, warmLayout) runs: handed to the browser's
// requestIdleCallback with its 2 s bound, else 300 ms later on the fake clock, never on a server,
// and each cancel stops only its own work. A stand-in `window` gives each case its browser; what
// the idle work fetches in a real Chromium is in prefetchAtIdle.browser.test.tsx and
// warmLayout.browser.test.tsx.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { runAtIdle } from './runAtIdle.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A browser with requestIdleCallback: each request kept, so a test says when the page is idle. */
function idleBrowser() {
  const requests = new Map<number, { run: IdleRequestCallback; options: IdleRequestOptions | undefined }>()
  let next = 0
  const cancelled: number[] = []
  vi.stubGlobal('window', {
    requestIdleCallback(run: IdleRequestCallback, options?: IdleRequestOptions) {
      requests.set(++next, { run, options })
      return next
    },
    cancelIdleCallback(id: number) {
      cancelled.push(id)
      requests.delete(id)
    },
  })
  const idle = () => {
    const due = [...requests.values()]
    requests.clear()
    for (const { run } of due) run({ didTimeout: false, timeRemaining: () => 50 })
  }
  return { requests, cancelled, idle }
}

test('behavior: with requestIdleCallback, the work waits for idle, with the 2 s bound for a busy page, and runs once', () => {
  const browser = idleBrowser()
  const work = vi.fn()
  runAtIdle(work)
  expect(browser.requests.size).toBe(1)
  expect([...browser.requests.values()][0]?.options).toEqual({ timeout: 2000 })
  // No timer of its own: a slow idle is the browser's to bound.
  vi.advanceTimersByTime(5000)
  expect(work).not.toHaveBeenCalled()
  browser.idle()
  expect(work).toHaveBeenCalledTimes(1)
  browser.idle()
  expect(work).toHaveBeenCalledTimes(1)
})

test('behavior: cancelling before idle cancels that very request, and only it', () => {
  const browser = idleBrowser()
  const first = vi.fn()
  const second = vi.fn()
  const cancelFirst = runAtIdle(first)
  runAtIdle(second)
  cancelFirst()
  expect(browser.cancelled).toEqual([1])
  browser.idle()
  expect(first).not.toHaveBeenCalled()
  expect(second).toHaveBeenCalledTimes(1)
})

test('default: without requestIdleCallback (Safari before 18.2), the work runs 300 ms later, not sooner, once', () => {
  vi.stubGlobal('window', {})
  const work = vi.fn()
  runAtIdle(work)
  vi.advanceTimersByTime(299)
  expect(work).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1)
  expect(work).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(10_000)
  expect(work).toHaveBeenCalledTimes(1)
})

test('edge: a requestIdleCallback that is not a function is treated as missing (the 300 ms fallback)', () => {
  vi.stubGlobal('window', { requestIdleCallback: true })
  const work = vi.fn()
  runAtIdle(work)
  vi.advanceTimersByTime(300)
  expect(work).toHaveBeenCalledTimes(1)
})

test('behavior: on the fallback, cancelling before the 300 ms stops the work and leaves no timer; the other work still runs', () => {
  vi.stubGlobal('window', {})
  const cancelled = vi.fn()
  const kept = vi.fn()
  const cancel = runAtIdle(cancelled)
  runAtIdle(kept)
  vi.advanceTimersByTime(299)
  cancel()
  expect(vi.getTimerCount()).toBe(1)
  vi.advanceTimersByTime(1)
  expect(cancelled).not.toHaveBeenCalled()
  expect(kept).toHaveBeenCalledTimes(1)
  expect(vi.getTimerCount()).toBe(0)
})

test('edge: cancelling twice, or after the work ran, is harmless', () => {
  vi.stubGlobal('window', {})
  const work = vi.fn()
  const cancel = runAtIdle(work)
  vi.advanceTimersByTime(300)
  cancel()
  cancel()
  expect(work).toHaveBeenCalledTimes(1)
})

test('default: on a server (no window) nothing is scheduled and the work never runs; the cancel is callable', () => {
  expect(typeof window).toBe('undefined')
  const work = vi.fn()
  const cancel = runAtIdle(work)
  expect(vi.getTimerCount()).toBe(0)
  vi.advanceTimersByTime(10_000)
  expect(work).not.toHaveBeenCalled()
  expect(() => cancel()).not.toThrow()
})
