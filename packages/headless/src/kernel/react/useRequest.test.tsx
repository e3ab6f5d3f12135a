// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { drainMicrotasks, hookSetup, renderConnected, settled } from '../../test/hookHarness.js'
import { useRequest } from './useRequest.js'

test('sends a JSON-RPC request to the connected wallet and returns its answer', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useRequest())
  await act(() => result.current.value.mutateAsync({ method: 'eth_chainId' }))
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data).toBe('0x7a69')
})

test('not connected: NotConnectedError on the mutation, nothing reaches the wallet', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = renderHook(() => useRequest(), { wrapper })
  await act(async () => {
    await result.current.mutateAsync({ method: 'eth_chainId' }).catch(() => {})
  })
  await waitFor(() => expect(result.current.error?.name).toBe('NotConnectedError'), settled)
  expect(asked('eth_chainId')).toBe(0)
})

test('a refused request is UserRejectedRequestError with the spec’s text', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useRequest())
  wallet.rejectNext('personal_sign')
  const [account] = await wallet.provider.request({ method: 'eth_accounts' })
  await act(async () => {
    await result.current.value.mutateAsync({ method: 'personal_sign', params: ['0x68690a', account] }).catch(() => {})
  })
  await waitFor(
    () =>
      expect(result.current.value.error).toMatchObject({
        name: 'UserRejectedRequestError',
        shortMessage: 'User rejected the request.',
      }),
    settled,
  )
})

test('a double click sends one request to the wallet, and both callers get its signature', async () => {
  const { wrapper, wallet, asked, approve } = await hookSetup({ slowMethod: 'personal_sign' })
  const { result } = await renderConnected(wrapper, () => useRequest())
  const [account] = await wallet.provider.request({ method: 'eth_accounts' })
  const params = ['0x68690a', account]
  let both: Promise<unknown[]> | undefined
  act(() => {
    both = Promise.all([
      result.current.value.mutateAsync({ method: 'personal_sign', params }),
      result.current.value.mutateAsync({ method: 'personal_sign', params }),
    ])
  })
  await waitFor(() => expect(asked('personal_sign')).toBeGreaterThan(0), settled)
  // Both clicks' work runs on while the prompt is open; then the user approves.
  await act(drainMicrotasks)
  approve()
  let signatures: unknown[] = []
  await act(async () => {
    signatures = (await both) ?? []
  })
  expect(asked('personal_sign')).toBe(1)
  expect(signatures[0]).toMatch(/^0x[0-9a-f]{130}$/)
  expect(signatures[1]).toBe(signatures[0])
})
