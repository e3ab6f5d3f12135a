// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, type Hex, http, numberToHex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useTransactions } from './useTransactions.js'

// The history query runs only where the blockchain API is on (the harness turns it off for balances).
const api = { options: { blockchainApi: true } }

test('default: the connected account’s history; a transfer it makes shows first after a refetch', async () => {
  const { wrapper, wallet } = await hookSetup(api)
  const { result } = await renderConnected(wrapper, () => useTransactions())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data?.pages[0]?.data).toEqual([])

  const hash = (await wallet.provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: wallet.address,
        to: privateKeyToAccount(generatePrivateKey()).address,
        value: numberToHex(parseEther('0.5')),
      },
    ],
  } as never)) as Hex
  await createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  })
  await act(() => result.current.value.refetch())
  await waitFor(() => expect(result.current.value.data?.pages[0]?.data[0]?.metadata).toMatchObject({ hash }), settled)
  expect(result.current.value.data?.pages[0]?.data[0]?.transfers?.[0]).toMatchObject({
    direction: 'out',
    quantity: { numeric: '0.5' },
  })
})

test('behavior: no connection and no address: the query waits', async () => {
  const { wrapper } = await hookSetup(api)
  const { result } = renderHook(() => useTransactions(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
})
