// @vitest-environment happy-dom
// The list hook: a grant appears in usePermissions at once and a revocation takes it out at once
// (the list is refetched, not left stale); it stays idle while smartSessions is off.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { allowance, grantingWallet } from '../../../test/grantingWallet.js'
import { useGrantPermissions } from './useGrantPermissions.js'
import { usePermissions } from './usePermissions.js'
import { useRevokePermissions } from './useRevokePermissions.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('usePermissions follows a grant and a revocation at once', async () => {
  const { wrapper, stop } = await grantingWallet()
  stops.push(stop)
  const { result } = renderHook(
    () => ({ list: usePermissions(), grant: useGrantPermissions(), revoke: useRevokePermissions() }),
    { wrapper },
  )
  await waitFor(() => expect(result.current.list.data).toEqual([]))
  await act(() =>
    result.current.grant.mutateAsync({ expiry: Math.floor(Date.now() / 1000) + 60, permissions: [allowance] }),
  )
  await waitFor(() => expect(result.current.list.data?.map((p) => p.context)).toEqual(['0x01']))
  await act(() => result.current.revoke.mutateAsync({ context: '0x01' }))
  await waitFor(() => expect(result.current.list.data).toEqual([]))
})

test('usePermissions is idle with smartSessions off: the wallet is not asked', async () => {
  const { wrapper, requests, stop } = await grantingWallet({ features: { smartSessions: false } })
  stops.push(stop)
  const { result } = renderHook(() => usePermissions(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(requests()).toEqual([])
})
