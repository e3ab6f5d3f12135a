import { expect, test } from 'vitest'
import { keystrokeAt, keyToInputMaxMs, searchMinimumWaitMs, searchWaitMs } from './searchWait.js'

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

test('the keystroke is its keydown when one came just before the input', () => {
  expect(keystrokeAt(1000, 1011)).toBe(1000)
  expect(keystrokeAt(1000, 1000 + keyToInputMaxMs)).toBe(1000)
})

test('error: no keydown, a stale one, or one after the input: the input’s own time', () => {
  // Paste or drop with the mouse, an input method without a key.
  expect(keystrokeAt(undefined, 1011)).toBe(1011)
  // Shift pressed well before a mouse paste.
  expect(keystrokeAt(1000, 1000 + keyToInputMaxMs + 1)).toBe(1000 + keyToInputMaxMs + 1)
  // A keydown stamped after the input did not cause it.
  expect(keystrokeAt(1020, 1011)).toBe(1011)
})
