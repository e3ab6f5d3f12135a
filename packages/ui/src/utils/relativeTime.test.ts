import { expect, test } from 'vitest'
import { relativeTime } from './relativeTime.js'

const now = Date.parse('2026-11-21T12:00:00Z')
test.each([
  ['2026-11-21T11:59:15Z', '45s'],
  ['2026-11-21T11:55:00Z', '5m'],
  ['2026-11-21T09:00:00Z', '3h'],
  ['2026-11-19T12:00:00Z', '2d'],
  ['2026-09-01T12:00:00Z', 'Sep 1'],
  ['2026-11-21T12:00:30Z', '0s'],
  ['not a date', ''],
])('%s → %s', (iso, label) => {
  expect(relativeTime(iso, now)).toBe(label)
})
