// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../../test/hookHarness.js'
import { useNameSuggestions } from './useNameSuggestions.js'

// The name queries run only where the blockchain API is on (the harness turns it off for balances).
const names = { options: { blockchainApi: true } }

test('default: suggestions for what was typed, a held name marked registered', async () => {
  const { wrapper } = await hookSetup(names)
  const { result } = renderHook(() => useNameSuggestions({ name: 'carol', suffix: '.wcn.id' }), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data).toContainEqual({ name: 'carol.wcn.id', registered: true })
  expect(result.current.data).toContainEqual({ name: 'carol1.wcn.id', registered: false })
})

test('behavior: nothing typed, or a label too short, asks the service nothing', async () => {
  const fetched: string[] = []
  const { wrapper } = await hookSetup({ ...names, onFetch: (url) => fetched.push(url) })
  const { result, rerender } = renderHook(({ name }: { name?: string }) => useNameSuggestions({ name }), {
    wrapper,
    initialProps: {},
  })
  expect(result.current.fetchStatus).toBe('idle')
  rerender({ name: 'ali' })
  expect(result.current.fetchStatus).toBe('idle')
  expect(fetched.filter((url) => url.includes('/suggestions/'))).toEqual([])
})

test('behavior: a name typed key by key is asked about once, when typing pauses (debouncing meanwhile)', async () => {
  const fetched: string[] = []
  const { wrapper } = await hookSetup({ ...names, onFetch: (url) => fetched.push(url) })
  const { result, rerender } = renderHook(({ name }: { name?: string }) => useNameSuggestions({ name }), {
    wrapper,
    initialProps: {},
  })
  for (const name of ['dave', 'davey', 'daveyj', 'daveyjones']) rerender({ name })
  expect(result.current.isDebouncing).toBe(true)
  expect(result.current.fetchStatus).toBe('idle')
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.isDebouncing).toBe(false)
  expect(result.current.data).toContainEqual({ name: 'daveyjones.reown.id', registered: false })
  expect(fetched.filter((url) => url.includes('/suggestions/')).map((url) => url.split('/suggestions/')[1])).toEqual([
    expect.stringMatching(/^daveyjones\b/),
  ])
})
