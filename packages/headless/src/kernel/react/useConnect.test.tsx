// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, settled } from '../../test/hookHarness.js'
import { useConnect } from './useConnect.js'
import { useConnection } from './useConnection.js'
import { useConnectors } from './useConnectors.js'

const render = (wrapper: Awaited<ReturnType<typeof hookSetup>>['wrapper']) =>
  renderHook(() => ({ connectors: useConnectors(), connect: useConnect(), connection: useConnection() }), { wrapper })

test('connects the picked wallet: idle, then success with the connection on the devnet chain', async () => {
  const { wrapper } = await hookSetup()
  const { result } = render(wrapper)
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), settled)
  expect(result.current.connect.status).toBe('idle')
  expect(result.current.connection.status).toBe('disconnected')
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))
  await waitFor(() => expect(result.current.connect.status).toBe('success'), settled)
  expect(result.current.connection).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:31337' })
})

test('a rejected connect surfaces the typed error on the mutation and stays disconnected', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = render(wrapper)
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), settled)
  wallet.rejectNext('eth_requestAccounts')
  await act(async () => {
    await result.current.connect.mutateAsync({ connector: result.current.connectors[0] }).catch(() => {})
  })
  // TanStack notifies observers in a later task: wait for the render that carries the error.
  await waitFor(() =>
    expect(result.current.connect.error).toMatchObject({
      name: 'ConnectionRejectedError',
      shortMessage: 'Connection rejected',
    }),
  )
  expect(result.current.connection.status).toBe('disconnected')
})

test('two clicks on the same wallet ask it once (one eth_requestAccounts), both settle connected', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = renderHook(() => ({ connectors: useConnectors(), connect: useConnect() }), { wrapper })
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), settled)
  const connector = result.current.connectors[0]
  let both: Promise<unknown> | undefined
  act(() => {
    both = Promise.all([
      result.current.connect.mutateAsync({ connector }),
      result.current.connect.mutateAsync({ connector }),
    ])
  })
  await act(async () => {
    await both
  })
  expect(asked('eth_requestAccounts')).toBe(1)
  // The observer's render is batched by the query client's notifier: wait for it, not a duration.
  await waitFor(() => expect(result.current.connect.status).toBe('success'), settled)
})
