// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../test/hookHarness.js'
import { useConnectors } from './useConnectors.js'

test('lists the configured wallet once discovery runs, and nothing for another namespace', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => ({ all: useConnectors(), solana: useConnectors({ namespace: 'solana' }) }), {
    wrapper,
  })
  await waitFor(() => expect(result.current.all.map((c) => c.id)).toEqual(['test']), settled)
  expect(result.current.all[0]).toMatchObject({ name: 'Test', chain: 'eip155' })
  expect(result.current.solana).toEqual([])
})

test('the list keeps its identity across renders while nothing changes', async () => {
  const { wrapper } = await hookSetup()
  const { result, rerender } = renderHook(() => useConnectors(), { wrapper })
  await waitFor(() => expect(result.current).toHaveLength(1), settled)
  const first = result.current
  rerender()
  expect(result.current).toBe(first)
})
