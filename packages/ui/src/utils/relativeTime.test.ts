import { expect, test } from 'vitest'
import { relativeTime } from './relativeTime.js'

const now = Date.parse('2026-11-21T12:00:00Z')
test.each([
  ['2026-11-21T11:59:15Z', '45s'],
  ['2026-11-21T11:55:00Z', '5m'],
  ['2026-11-21T09:00:00Z', '3h'],
  ['2026-11-19T12:00:00Z', '2d'],
  ['2026-09-01T12:00:00Z', 'Sep 1'],
  // Another year names it.
  ['2025-09-01T12:00:00Z', 'Sep 1, 2025'],
  ['2026-11-21T12:00:30Z', '0s'],
  ['not a date', ''],
])('%s → %s', (iso, label) => {
  expect(relativeTime(iso, now)).toBe(label)
})

test('Arabic: the short date in Arabic words, with the year only when it is not this one', () => {
  const thisYear = relativeTime('2026-09-01T12:00:00Z', now, 'ar')
  expect(thisYear).toMatch(/سبتمبر/)
  expect(thisYear).not.toMatch(/2026|٢٠٢٦/)
  expect(relativeTime('2025-09-01T12:00:00Z', now, 'ar')).toMatch(/سبتمبر.*(2025|٢٠٢٥)/)
  // Relative steps in Arabic words, not the English abbreviations.
  expect(relativeTime('2026-11-21T11:55:00Z', now, 'ar')).not.toMatch(/m$/)
})
