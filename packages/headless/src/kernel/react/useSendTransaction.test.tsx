// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../test/hookHarness.js'
import { useSendTransaction } from './useSendTransaction.js'

const reader = () => createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) })

test('sends a transaction through the wallet: a hash, and the value arrives on anvil', async () => {
  const { wrapper } = await hookSetup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await renderConnected(wrapper, () => useSendTransaction())
  await act(() => result.current.value.mutateAsync({ to, value: parseEther('0.5') } as never))
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  const hash = result.current.value.data as `0x${string}`
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(await reader().getBalance({ address: to })).toBe(parseEther('0.5'))
})

test('a refused prompt is UserRejectedRequestError on the mutation, and nothing is sent', async () => {
  const { wrapper, wallet } = await hookSetup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await renderConnected(wrapper, () => useSendTransaction())
  wallet.rejectNext('eth_sendTransaction')
  await act(async () => {
    await result.current.value.mutateAsync({ to, value: 1n } as never).catch(() => {})
  })
  await waitFor(() => expect(result.current.value.error?.name).toBe('UserRejectedRequestError'), settled)
  expect(await reader().getBalance({ address: to })).toBe(0n)
})

test('a double click sends one transaction', async () => {
  const { wrapper, asked } = await hookSetup()
  const to = privateKeyToAccount(generatePrivateKey()).address
  const { result } = await renderConnected(wrapper, () => useSendTransaction())
  act(() => {
    result.current.value.mutate({ to, value: 1000n } as never)
    result.current.value.mutate({ to, value: 1000n } as never)
  })
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(asked('eth_sendTransaction')).toBe(1)
  await reader().waitForTransactionReceipt({ hash: result.current.value.data as `0x${string}`, pollingInterval: 50 })
  expect(await reader().getBalance({ address: to })).toBe(1000n)
})
