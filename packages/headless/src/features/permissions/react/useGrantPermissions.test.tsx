// @vitest-environment happy-dom
// The grant hook: the wallet is asked once and the grant comes back with its context; with
// smartSessions off it fails with the typed error and the wallet is not asked.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { allowance, grantingWallet } from '../../../test/grantingWallet.js'
import { useGrantPermissions } from './useGrantPermissions.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const expiry = () => Math.floor(Date.now() / 1000) + 60

test('useGrantPermissions asks the wallet once and returns the grant with its context', async () => {
  const { wrapper, requests, stop } = await grantingWallet()
  stops.push(stop)
  const { result } = renderHook(() => useGrantPermissions(), { wrapper })
  const granted = await act(() => result.current.mutateAsync({ expiry: expiry(), permissions: [allowance] }))
  expect(granted).toMatchObject({ context: '0x01' })
  expect(requests().filter((r) => r.method === 'wallet_grantPermissions')).toHaveLength(1)
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
})

test("useGrantPermissions with smartSessions off: 'Smart sessions are not enabled', the wallet not asked", async () => {
  const { wrapper, requests, stop } = await grantingWallet({ features: { smartSessions: false } })
  stops.push(stop)
  const { result } = renderHook(() => useGrantPermissions(), { wrapper })
  await act(() =>
    expect(result.current.mutateAsync({ expiry: expiry(), permissions: [allowance] })).rejects.toThrow(
      'Smart sessions are not enabled',
    ),
  )
  expect(requests().filter((r) => r.method.includes('Permission'))).toEqual([])
})
