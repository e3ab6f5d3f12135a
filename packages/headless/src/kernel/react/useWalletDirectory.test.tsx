// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../test/hookHarness.js'
import { useWalletDirectory } from './useWalletDirectory.js'

test('loads the first page of the devnet’s wallet directory', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useWalletDirectory(), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  const first = result.current.data?.pages[0]
  expect(first?.data.length).toBeGreaterThan(0)
  expect(first?.data[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) })
})

test('enabled: false asks the directory for nothing', async () => {
  const requests: string[] = []
  const { wrapper } = await hookSetup({ onFetch: (url) => requests.push(url) })
  const { result } = renderHook(() => useWalletDirectory({ enabled: false }), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(requests.filter((url) => url.includes('/getWallets'))).toEqual([])
})

test('the app turning the directory off keeps the hook idle even when enabled', async () => {
  const requests: string[] = []
  const { wrapper } = await hookSetup({ onFetch: (url) => requests.push(url), options: { walletDirectory: false } })
  const { result } = renderHook(() => useWalletDirectory(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(requests.filter((url) => url.includes('/getWallets'))).toEqual([])
})
