// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react'
import { createPublicClient, encodeFunctionData, erc20Abi, type Hex, http } from 'viem'
import { expect, test } from 'vitest'
import { devnetToken, hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useSwapAllowance } from './useSwapAllowance.js'

// The harness creates its instance with `blockchainApi: false` (balances from the chain); swaps
// go through the blockchain API (the devnet's emulator), so these tests turn it on.
const withApi = { options: { blockchainApi: true } }

test('default: the connected account’s allowance to the swap router; an approval shows after a refetch', async () => {
  const { wrapper, wallet } = await hookSetup(withApi)
  const usdc = devnetToken('USDC')
  const { result } = await renderConnected(wrapper, () => useSwapAllowance({ tokenAddress: usdc }))
  await waitFor(() => expect(result.current.value.data).toBe(0n), settled)

  const hash = (await wallet.provider.request({
    method: 'eth_sendTransaction',
    params: [
      {
        from: wallet.address,
        to: usdc,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [sharedDevnet().swapRouter as Hex, 1_234n],
        }),
      },
    ],
  } as never)) as Hex
  await createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 50,
  })
  await act(() => result.current.value.refetch())
  await waitFor(() => expect(result.current.value.data).toBe(1_234n), settled)
})

test('behavior: without a token the query waits', async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () => useSwapAllowance())
  expect(result.current.value.fetchStatus).toBe('idle')
  expect(result.current.value.data).toBeUndefined()
})
