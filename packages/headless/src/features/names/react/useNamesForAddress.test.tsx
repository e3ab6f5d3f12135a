// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { useNamesForAddress } from './useNamesForAddress.js'

const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// The name queries run only where the blockchain API is on (the harness turns it off for balances).
const names = { options: { blockchainApi: true } }

test('default: the names of the connected account (a fresh one has none)', async () => {
  const fetched: string[] = []
  const { wrapper, wallet } = await hookSetup({ ...names, onFetch: (url) => fetched.push(url) })
  const { result } = await renderConnected(wrapper, () => useNamesForAddress())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data).toEqual([])
  expect(fetched.some((url) => url.includes(`/v1/profile/reverse/${wallet.address}`))).toBe(true)
})

test('parameters: address: the names pointing to that address', async () => {
  const { wrapper } = await hookSetup(names)
  const { result } = renderHook(() => useNamesForAddress({ address: bob }), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.map((p) => p.name.toLowerCase())).toContain('bob.reown.id')
})

test('behavior: no connection and no address: the query waits', async () => {
  const { wrapper } = await hookSetup(names)
  const { result } = renderHook(() => useNamesForAddress(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
})
