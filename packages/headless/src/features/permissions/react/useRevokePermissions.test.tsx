// @vitest-environment happy-dom
// The revoke hook: the wallet is asked to revoke the grant by its context, and the grant is gone
// from the wallet's list afterwards.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { allowance, grantingWallet } from '../../../test/grantingWallet.js'
import { useGrantPermissions } from './useGrantPermissions.js'
import { useRevokePermissions } from './useRevokePermissions.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

test('useRevokePermissions revokes a grant by its context', async () => {
  const { wrapper, requests, stop } = await grantingWallet()
  stops.push(stop)
  const { result } = renderHook(() => ({ grant: useGrantPermissions(), revoke: useRevokePermissions() }), { wrapper })
  await act(() =>
    result.current.grant.mutateAsync({ expiry: Math.floor(Date.now() / 1000) + 60, permissions: [allowance] }),
  )
  await act(() => result.current.revoke.mutateAsync({ context: '0x01' }))
  const revokes = requests().filter((r) => r.method === 'wallet_revokePermissions')
  expect(revokes).toHaveLength(1)
  expect(revokes[0]?.params).toEqual([expect.objectContaining({ permissionsContext: '0x01' })])
  await waitFor(() => expect(result.current.revoke.isSuccess).toBe(true))
})
