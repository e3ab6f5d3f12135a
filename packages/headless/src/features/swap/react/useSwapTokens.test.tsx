// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useSwapTokens } from './useSwapTokens.js'

test('default: the tokens the swap service lists for the connected network, with decimals and the permit flag', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSwapTokens())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  expect(result.current.value.data?.map((t) => [t.symbol, t.decimals, t.eip2612])).toEqual([
    ['ETH', 18, false],
    ['USDC', 6, false],
    ['PTK', 18, true],
  ])
})

test('behavior: a token list needs no account: before a connection it lists the default network’s tokens', async () => {
  const fetched: string[] = []
  const { wrapper } = await hookSetup({ onFetch: (url) => fetched.push(url) })
  const { result } = renderHook(() => useSwapTokens(), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
  expect(fetched.some((url) => url.startsWith(sharedDevnet().apiUrl))).toBe(true)
})

test("behavior: a network swaps do not serve is the spec's 'Network not supported for Swaps', not a wait", async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSwapTokens({ caipNetworkId: 'eip155:5' }))
  await waitFor(
    () => expect(result.current.value.error).toMatchObject({ shortMessage: 'Network not supported for Swaps' }),
    settled,
  )
})
