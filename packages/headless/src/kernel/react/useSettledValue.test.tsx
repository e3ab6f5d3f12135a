// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { useSettledValue } from './useSettledValue.js'

test('default: the first value is settled at once', () => {
  const { result } = renderHook(() => useSettledValue({ q: 'a' }, 'a', 50))
  expect(result.current).toEqual({ value: { q: 'a' }, settling: false })
})

test('behavior: values changing quickly keep the last settled one until the newest has stayed for the wait; a new object with the same key is no change', async () => {
  const { result, rerender } = renderHook(({ q }) => useSettledValue({ q }, q, 50), { initialProps: { q: 'a' } })
  for (const q of ['ab', 'abc', 'abcd']) rerender({ q })
  expect(result.current).toEqual({ value: { q: 'a' }, settling: true })
  await waitFor(() => expect(result.current.settling).toBe(false))
  expect(result.current.value).toEqual({ q: 'abcd' })
  rerender({ q: 'abcd' })
  expect(result.current).toEqual({ value: { q: 'abcd' }, settling: false })
})

test('behavior: going back to the settled value before the wait ends is settled at once, and no late update follows', async () => {
  const seen: string[] = []
  const { result, rerender } = renderHook(
    ({ q }) => {
      const settled = useSettledValue(q, q, 20)
      seen.push(`${settled.value}:${settled.settling}`)
      return settled
    },
    { initialProps: { q: 'a' } },
  )
  rerender({ q: 'ab' })
  rerender({ q: 'a' })
  expect(result.current).toEqual({ value: 'a', settling: false })
  // A later, unrelated change settles normally: had the 'ab' timer survived, 'ab' would show first.
  rerender({ q: 'b' })
  await waitFor(() => expect(result.current).toEqual({ value: 'b', settling: false }))
  expect(seen).not.toContain('ab:false')
})
