// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { useResolveName } from './useResolveName.js'

// The name queries run only where the blockchain API is on (the harness turns it off for balances).
const names = { options: { blockchainApi: true } }

test('default: a name resolves to its address in the connection’s namespace', async () => {
  const { wrapper } = await hookSetup(names)
  const { result } = await renderConnected(wrapper, () => useResolveName({ name: 'Bob.reown.id' }))
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  // The query is keyed by the name as typed in any case, so it resolves the lower-case name.
  expect(result.current.value.data).toEqual({
    name: 'bob.reown.id',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })
})

test("behavior: an unknown name is the query's error, 'Error resolving name'", async () => {
  const { wrapper } = await hookSetup(names)
  const { result } = await renderConnected(wrapper, () => useResolveName({ name: 'nobody.reown.id' }))
  await waitFor(() => expect(result.current.value.isError).toBe(true), settled)
  expect(result.current.value.error).toMatchObject({ name: 'NameResolutionError', reason: 'not-found' })
})

test('behavior: nothing typed asks the service nothing', async () => {
  const fetched: string[] = []
  const { wrapper } = await hookSetup({ ...names, onFetch: (url) => fetched.push(url) })
  const { result } = renderHook(() => useResolveName({ name: undefined }), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(fetched.filter((url) => url.includes('/v1/profile/'))).toEqual([])
})
