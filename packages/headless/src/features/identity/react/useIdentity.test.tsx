// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { useIdentity } from './useIdentity.js'

// The identity query runs only where the blockchain API is on (the harness turns it off for balances).
const api = { options: { blockchainApi: true } }

test('parameters: address: the identity the blockchain API gives for it', async () => {
  const { wrapper } = await hookSetup(api)
  const { result } = renderHook(() => useIdentity({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }), {
    wrapper,
  })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data).toMatchObject({ name: 'alice.portico' })
})

test('default: the connected account’s identity (a fresh account has no name)', async () => {
  const fetched: string[] = []
  const { wrapper, wallet } = await hookSetup({ ...api, onFetch: (url) => fetched.push(url) })
  const { result } = await renderConnected(wrapper, () => useIdentity())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data?.name ?? null).toBeNull()
  expect(fetched.some((url) => url.includes(`/v1/identity/${wallet.address}`))).toBe(true)
})

test('behavior: no connection and no address: the query waits', async () => {
  const { wrapper } = await hookSetup(api)
  const { result } = renderHook(() => useIdentity(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
})
