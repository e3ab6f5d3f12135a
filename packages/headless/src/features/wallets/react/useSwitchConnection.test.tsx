// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test } from 'vitest'
import { connect } from '../../../kernel/actions/connect.js'
import { PorticoProvider } from '../../../kernel/react/PorticoProvider.js'
import { useConnection } from '../../../kernel/react/useConnection.js'
import { useDisconnect } from '../../../kernel/react/useDisconnect.js'
import type { Connection } from '../../../kernel/types.js'
import { startedMultiWallet, twoWallets } from '../../../test/multiWallet.js'
import { useConnections } from './useConnections.js'
import { useSwitchConnection } from './useSwitchConnection.js'

test('default: switching moves useConnection to the other wallet; useDisconnect({ connection }) ends one', async () => {
  const portico = await startedMultiWallet(twoWallets())
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  await connect(portico, { connectorId: 'beta', namespace: 'eip155' })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  const { result } = renderHook(
    () => ({
      connections: useConnections(),
      account: useConnection(),
      switchConnection: useSwitchConnection(),
      disconnect: useDisconnect(),
    }),
    { wrapper },
  )
  const alpha = result.current.connections.find((c) => c.connectorId === 'alpha') as Connection
  await act(() => result.current.switchConnection.mutateAsync({ connection: alpha }))
  await waitFor(() => expect(result.current.account.connectorId).toBe('alpha'))
  expect(result.current.switchConnection.data).toMatchObject({ connectorId: 'alpha', status: 'active' })

  const beta = result.current.connections.find((c) => c.connectorId === 'beta') as Connection
  await act(() => result.current.disconnect.mutateAsync({ connection: beta }))
  await waitFor(() => expect(result.current.connections.map((c) => c.connectorId)).toEqual(['alpha']))
  expect(result.current.account.connectorId).toBe('alpha')
})

test('behavior: an invalid status is the typed error, the active wallet unchanged', async () => {
  const portico = await startedMultiWallet(twoWallets())
  await connect(portico, { connectorId: 'alpha', namespace: 'eip155' })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PorticoProvider config={portico}>{children}</PorticoProvider>
  )
  const { result } = renderHook(() => ({ switchConnection: useSwitchConnection(), account: useConnection() }), {
    wrapper,
  })
  const connection = { namespace: 'eip155', connectorId: 'beta', accounts: [], name: 'Beta', status: 'lost' }
  act(() => result.current.switchConnection.mutate({ connection: connection as unknown as Connection }))
  await waitFor(() => expect(result.current.switchConnection.error?.shortMessage).toBe('Invalid connection status'))
  expect(result.current.account.connectorId).toBe('alpha')
})
