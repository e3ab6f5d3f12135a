// @vitest-environment happy-dom
// The hooks over a wallet that keeps grants (a host wallet answering as the embedded wallet does):
// a grant appears in usePermissions at once, a revocation takes it out at once (the list is
// refetched, not left stale), and the list stays idle while smartSessions is off.
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, test } from 'vitest'
import type { PorticoOptions } from '../../../kernel/options.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { permissionsWallet } from '../../../test/permissionsWallet.js'
import { useGrantPermissions } from './useGrantPermissions.js'
import { usePermissions } from './usePermissions.js'
import { useRevokePermissions } from './useRevokePermissions.js'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** A wallet keeping grants in memory, answering the three permission methods. */
async function grantingWallet(options: Partial<PorticoOptions> = {}) {
  let grants: Record<string, unknown>[] = []
  let next = 0
  const setup = await permissionsWallet({
    options,
    request: async ({ method, params }) => {
      const [first] = params as [Record<string, unknown>]
      if (method === 'wallet_grantPermissions') {
        const grant = { ...first, chainId: '0x7a69', permissionsContext: `0x0${++next}` }
        grants = [...grants, grant]
        return grant
      }
      if (method === 'wallet_getGrantedExecutionPermissions') return grants
      if (method === 'wallet_revokePermissions') {
        grants = grants.filter((g) => g.permissionsContext !== first.permissionsContext)
        return {}
      }
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
  })
  stops.push(setup.stop)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={setup.portico}>{children}</PorticoProvider>
  )
  return { ...setup, wrapper }
}

const allowance = { type: 'native-token-recurring-allowance', data: { allowance: '0x10', period: 60 } }

test('useGrantPermissions / useRevokePermissions: the list follows at once', async () => {
  const { wrapper } = await grantingWallet()
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
  const { wrapper, requests } = await grantingWallet({ features: { smartSessions: false } })
  const { result } = renderHook(() => usePermissions(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(requests()).toEqual([])
})
