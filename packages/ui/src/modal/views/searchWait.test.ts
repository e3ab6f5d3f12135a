import { expect, test } from 'vitest'
import { searchMinimumWaitMs, searchWaitMs } from './searchWait.js'

test('the wait counts from the keystroke: what is left of 300 ms when the timer is set', () => {
  expect(searchMinimumWaitMs).toBe(300)
  expect(searchWaitMs(1000, 1000)).toBe(300)
  expect(searchWaitMs(1000, 1040)).toBe(260)
  expect(searchWaitMs(1000, 1300)).toBe(0)
  // Set long after the keystroke: no wait left, never a negative delay.
  expect(searchWaitMs(1000, 5000)).toBe(0)
})

test('error: no timestamp, or one on another clock, waits the full 300 ms', () => {
  expect(searchWaitMs(undefined, 1000)).toBe(300)
  // Where a browser gives none.
  expect(searchWaitMs(0, 1000)).toBe(300)
  expect(searchWaitMs(Number.NaN, 1000)).toBe(300)
  // Epoch milliseconds against performance.now(): in the future, so not trusted.
  expect(searchWaitMs(Date.now(), 1000)).toBe(300)
})
