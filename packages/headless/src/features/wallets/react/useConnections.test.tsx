// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test, vi } from 'vitest'
import { connect } from '../../../kernel/actions/connect.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { multiWalletInstance, startedMultiWallet, twoWallets } from '../../../test/multiWallet.js'
import { useConnections } from './useConnections.js'

const wrapperOf =
  (portico: ReturnType<typeof multiWalletInstance>) =>
  ({ children }: { children: ReactNode }) => <PorticoProvider config={portico}>{children}</PorticoProvider>

test('default: every wallet connection, re-rendered as a second wallet joins', async () => {
  const portico = await startedMultiWallet(twoWallets())
  const { result } = renderHook(() => ({ connections: useConnections(), account: useConnection() }), {
    wrapper: wrapperOf(portico),
  })
  expect(result.current.connections).toEqual([])
  await act(() => connect(portico, { connectorId: 'alpha', namespace: 'eip155' }))
  await act(() => connect(portico, { connectorId: 'beta', namespace: 'eip155' }))
  await waitFor(() =>
    expect(result.current.connections.map((c) => [c.connectorId, c.status])).toEqual([
      ['beta', 'active'],
      ['alpha', 'connected'],
    ]),
  )
  expect(result.current.account.connectorId).toBe('beta')
})

test("behavior: multiWallet off: the one active connection, and the info alert 'Multi-Wallet Not Enabled'", async () => {
  vi.spyOn(console, 'info').mockImplementation(() => {})
  const portico = multiWalletInstance(twoWallets(), { multiWallet: false })
  const { result } = renderHook(() => useConnections(), { wrapper: wrapperOf(portico) })
  await act(() => connect(portico, { connectorId: 'alpha', namespace: 'eip155' }))
  await act(() => connect(portico, { connectorId: 'beta', namespace: 'eip155' }))
  await waitFor(() => expect(result.current.map((c) => [c.connectorId, c.status])).toEqual([['beta', 'active']]))
  expect(portico.alerts.history().filter((a) => a.code === 'MULTI_WALLET_NOT_ENABLED')).toHaveLength(1)
})
