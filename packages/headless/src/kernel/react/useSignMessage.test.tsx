// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../test/hookHarness.js'
import { useConnection } from './useConnection.js'
import { useSignMessage } from './useSignMessage.js'

test('signs with the connected account: the signature verifies for that address', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({ sign: useSignMessage(), connection: useConnection() }))
  await act(() => result.current.value.sign.mutateAsync({ message: 'hello portico' }))
  await waitFor(() => expect(result.current.value.sign.status).toBe('success'), settled)
  const signature = result.current.value.sign.data as `0x${string}`
  const address = result.current.value.connection.address as `0x${string}`
  expect(await verifyMessage({ address, message: 'hello portico', signature })).toBe(true)
})

test('a refused prompt is UserRejectedRequestError with the spec’s text on the mutation', async () => {
  const { wrapper, wallet } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSignMessage())
  wallet.rejectNext('personal_sign')
  await act(async () => {
    await result.current.value.mutateAsync({ message: 'hello' }).catch(() => {})
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

test('a double click on Sign prompts once', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSignMessage())
  act(() => {
    result.current.value.mutate({ message: 'hello' })
    result.current.value.mutate({ message: 'hello' })
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('personal_sign')).toBe(1)
})
