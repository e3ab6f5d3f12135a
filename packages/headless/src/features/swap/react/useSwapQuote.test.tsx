// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { parseEther, parseUnits } from 'viem'
import { expect, test } from 'vitest'
import { useConnect } from '../../../kernel/react/useConnect.js'
import { useConnectors } from '../../../kernel/react/useConnectors.js'
import { usePortico } from '../../../kernel/react/usePortico.js'
import { devnetToken, hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { nativeSwapTokenAddress } from '../convert.js'
import { useSwapQuote } from './useSwapQuote.js'

// The harness creates its instance with `blockchainApi: false` (balances from the chain); swaps
// go through the blockchain API (the devnet's emulator), so these tests turn it on.
const withApi = { options: { blockchainApi: true } }

test('default: the first input is quoted at once; typing quickly is debounced, only the settled input is quoted', async () => {
  const { wrapper } = await hookSetup(withApi)
  const usdc = devnetToken('USDC')
  const { result, rerender } = renderHook(
    ({ amount }: { amount: bigint }) => ({
      connectors: useConnectors(),
      connect: useConnect(),
      quote: useSwapQuote({ from: nativeSwapTokenAddress, to: usdc, amount }),
      queryClient: usePortico('test').queryClient,
    }),
    { wrapper, initialProps: { amount: parseEther('1') } },
  )
  await waitFor(() => expect(result.current.connectors).toHaveLength(1), settled)
  await act(() => result.current.connect.mutateAsync({ connector: result.current.connectors[0] }))

  await waitFor(() => expect(result.current.quote.status).toBe('success'), settled)
  const one = result.current.quote.data
  expect(one?.fromAmount).toBe(parseEther('1'))
  expect(one?.toAmount).toBeGreaterThan(parseUnits('2900', 6)) // ~3000 USDC per ETH, less fee and impact
  expect(one?.minimumReceived).toBe(((one?.toAmount ?? 0n) * 9900n) / 10_000n) // the spec's slippage 1
  expect(one?.priceImpact).toBeGreaterThan(0)

  // Typing 2, 2.5, 3 in quick succession: debouncing meanwhile, then one quote for 3.
  for (const typed of ['2', '2.5', '3']) rerender({ amount: parseEther(typed) })
  expect(result.current.quote.isDebouncing).toBe(true)
  await waitFor(() => expect(result.current.quote.data?.fromAmount).toBe(parseEther('3')), settled)
  expect(result.current.quote.isDebouncing).toBe(false)
  expect(result.current.quote.data?.toAmount).toBeGreaterThan(one?.toAmount ?? 0n)
  const quoted = result.current.queryClient
    .getQueryCache()
    .findAll({ queryKey: ['portico', 'swapQuote'] })
    .filter((q) => q.state.fetchStatus !== 'idle' || q.state.dataUpdatedAt > 0 || q.state.errorUpdatedAt > 0)
    .map((q) => (q.queryKey[2] as { amount?: string }).amount)
  expect(quoted.sort()).toEqual([String(parseEther('1')), String(parseEther('3'))])
})

test('behavior: without an amount nothing is quoted', async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () =>
    useSwapQuote({ from: nativeSwapTokenAddress, to: devnetToken('USDC') }),
  )
  expect(result.current.value.fetchStatus).toBe('idle')
  expect(result.current.value.data).toBeUndefined()
})

test("behavior: a network swaps do not serve is the spec's 'Network not supported for Swaps'", async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () =>
    useSwapQuote({ caipNetworkId: 'eip155:5', from: nativeSwapTokenAddress, to: devnetToken('USDC'), amount: 1n }),
  )
  await waitFor(
    () => expect(result.current.value.error).toMatchObject({ shortMessage: 'Network not supported for Swaps' }),
    settled,
  )
})
