// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { verifyTypedData } from 'viem'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../test/hookHarness.js'
import { useConnection } from './useConnection.js'
import { useSignTypedData } from './useSignTypedData.js'

const typedData = {
  domain: { name: 'Portico', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail' as const,
  message: { contents: 'hello' },
}

test('signs EIP-712 data with the connected account: the signature verifies', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({ sign: useSignTypedData(), connection: useConnection() }))
  await act(() => result.current.value.sign.mutateAsync({ typedData }))
  await waitFor(() => expect(result.current.value.sign.status).toBe('success'), settled)
  const address = result.current.value.connection.address as `0x${string}`
  expect(
    await verifyTypedData({
      ...typedData,
      address,
      signature: result.current.value.sign.data as `0x${string}`,
    }),
  ).toBe(true)
})

test('a refused prompt is UserRejectedRequestError on the mutation', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSignTypedData())
  wallet.rejectNext('eth_signTypedData_v4')
  await act(async () => {
    await result.current.value.mutateAsync({ typedData }).catch(() => {})
  })
  await waitFor(() => expect(result.current.value.error?.name).toBe('UserRejectedRequestError'), settled)
})

test('a double click prompts once', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSignTypedData())
  act(() => {
    result.current.value.mutate({ typedData })
    result.current.value.mutate({ typedData })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('eth_signTypedData_v4')).toBe(1)
})
