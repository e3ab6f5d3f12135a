// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useSwapTokens } from './useSwapTokens.js'

// The harness creates its instance with `blockchainApi: false` (balances from the chain); swaps
// go through the blockchain API (the devnet's emulator), so these tests turn it on.
const withApi = { options: { blockchainApi: true } }

test('default: the tokens the swap service lists for the connected network, with decimals and the permit flag', async () => {
  const { wrapper } = await hookSetup(withApi)
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
  const { wrapper } = await hookSetup({ ...withApi, onFetch: (url) => fetched.push(url) })
  const { result } = renderHook(() => useSwapTokens(), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'PTK'])
  expect(fetched.some((url) => url.startsWith(sharedDevnet().apiUrl))).toBe(true)
})

test("behavior: a network swaps do not serve is the spec's 'Network not supported for Swaps', not a wait", async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () => useSwapTokens({ caipNetworkId: 'eip155:5' }))
  await waitFor(
    () => expect(result.current.value.error).toMatchObject({ shortMessage: 'Network not supported for Swaps' }),
    settled,
  )
})

test("security: with blockchainApi false the list fails with 'Swaps need the blockchain API' (what the swap view shows), and the API is never asked", async () => {
  const fetched: string[] = []
  const { wrapper } = await hookSetup({ onFetch: (url) => fetched.push(url), options: { blockchainApi: false } })
  const { result } = await renderConnected(wrapper, () => useSwapTokens())
  await waitFor(() => expect(result.current.value.status).toBe('error'), settled)
  expect(result.current.value.error).toMatchObject({
    name: 'SwapBlockchainApiDisabledError',
    shortMessage: 'Swaps need the blockchain API',
  })
  // No status: the swap view offers no Try again for it.
  expect(result.current.value.error && 'status' in result.current.value.error).toBe(false)
  expect(fetched.filter((url) => url.startsWith(sharedDevnet().apiUrl))).toEqual([])
})
