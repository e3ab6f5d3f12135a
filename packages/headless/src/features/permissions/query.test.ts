// biome-ignore lint/style/noRestrictedImports: a test gives the options factory the query client a host would, without React
import { QueryClient } from '@tanstack/react-query'
import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { grantPermissionsMutationOptions, permissionsQueryKey, revokePermissionsMutationOptions } from './query.js'

// A host spreading the options into its own mutation gets the hook's refetch by passing its query
// client; without one the options add no callback, so a caller's own, spread before, still runs.
test('grant and revoke options given the query client mark every permissions list stale on success; without it they carry no onSuccess', async () => {
  const portico = offlinePortico('permissions-options')
  const queryClient = new QueryClient()
  const keys = [
    permissionsQueryKey({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 1 }),
    permissionsQueryKey({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 8453 }),
  ]
  for (const factory of [grantPermissionsMutationOptions, revokePermissionsMutationOptions]) {
    const mine = () => 'mine'
    expect({ onSuccess: mine, ...factory(portico) }.onSuccess).toBe(mine)
    for (const key of keys) queryClient.setQueryData(key, [])
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false])
    await factory(portico, { queryClient }).onSuccess?.(undefined as never, undefined as never)
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true])
  }
})
