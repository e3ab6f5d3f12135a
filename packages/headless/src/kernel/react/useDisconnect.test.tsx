// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../test/hookHarness.js'
import { useConnection } from './useConnection.js'
import { useDisconnect } from './useDisconnect.js'
import { useRecentWallets } from './useRecentWallets.js'

test('disconnects: success, the connection reads disconnected, the wallet stays recent', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({
    disconnect: useDisconnect(),
    connection: useConnection(),
    recent: useRecentWallets(),
  }))
  expect(result.current.value.connection.status).toBe('connected')
  await act(() => result.current.value.disconnect.mutateAsync())
  await waitFor(() => expect(result.current.value.disconnect.status).toBe('success'), settled)
  expect(result.current.value.connection.status).toBe('disconnected')
  expect(result.current.value.connection.address).toBeUndefined()
  expect(result.current.value.recent.map((w) => w.id)).toEqual(['test'])
})

test('the caller’s onSuccess runs once the wallet is disconnected', async () => {
  const { wrapper } = await hookSetup()
  const statuses: string[] = []
  const { result } = await renderConnected(wrapper, () => {
    const connection = useConnection()
    return {
      disconnect: useDisconnect({ mutation: { onSuccess: () => void statuses.push(connection.status) } }),
    }
  })
  await act(() => result.current.value.disconnect.mutateAsync())
  await waitFor(() => expect(statuses).toHaveLength(1), settled)
})
