// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react'
import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../../test/hookHarness.js'
import { useSwapGasPrice } from './useSwapGasPrice.js'

// The harness creates its instance with `blockchainApi: false` (balances from the chain); swaps
// go through the blockchain API (the devnet's emulator), so these tests turn it on.
const withApi = { options: { blockchainApi: true } }

test('default: the gas price the swap service gives for the connected network, near the chain’s own', async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () => useSwapGasPrice())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  const standard = result.current.value.data?.standard as bigint
  expect(standard).toBeGreaterThan(0n)
  const chain = await createPublicClient({ transport: http(sharedDevnet().evmRpcUrl) }).getGasPrice()
  expect(standard).toBeLessThanOrEqual(chain * 10n)
  expect(standard * 10n).toBeGreaterThanOrEqual(chain)
})

test("behavior: a network swaps do not serve is the spec's 'Network not supported for Gas Price'", async () => {
  const { wrapper } = await hookSetup(withApi)
  const { result } = await renderConnected(wrapper, () => useSwapGasPrice({ caipNetworkId: 'eip155:5' }))
  await waitFor(
    () => expect(result.current.value.error).toMatchObject({ shortMessage: 'Network not supported for Gas Price' }),
    settled,
  )
})
