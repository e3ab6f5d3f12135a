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

/** The devnet directory's first wallets, as the browse list shows them. */
async function directoryIds(count: number) {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useWalletDirectory(), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  return (result.current.data?.pages[0]?.data ?? []).slice(0, count).map((wallet) => wallet.id)
}

test('the host’s includeWalletIds and excludeWalletIds narrow every page and its count', async () => {
  const [a, b, c] = (await directoryIds(3)) as [string, string, string]
  const requests: string[] = []
  const { wrapper } = await hookSetup({
    onFetch: (url) => requests.push(url),
    options: { includeWalletIds: [a, b, c], excludeWalletIds: [b] },
  })
  const { result } = renderHook(() => useWalletDirectory(), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.pages[0]?.data.map((w) => w.id)).toEqual([a, c])
  expect(result.current.data?.pages[0]?.count).toBe(2)
  const asked = new URL(requests.find((url) => url.includes('/getWallets')) as string).searchParams
  expect(asked.get('include')).toBe(`${a},${b},${c}`)
  expect(asked.get('exclude')).toBe(b)
})

test('a caller’s include (the featured wallets) replaces the host’s, and its exclude adds to the host’s', async () => {
  const [a, b, c] = (await directoryIds(3)) as [string, string, string]
  const { wrapper } = await hookSetup({ options: { includeWalletIds: [a], excludeWalletIds: [c] } })
  const { result } = renderHook(() => useWalletDirectory({ include: [b, c], exclude: [a] }), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.pages[0]?.data.map((w) => w.id)).toEqual([b])
})
