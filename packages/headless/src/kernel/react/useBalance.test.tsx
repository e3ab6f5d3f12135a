// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled, sharedDevnet } from '../../test/hookHarness.js'
import { useBalance } from './useBalance.js'

test('idle before a connection: nothing is read', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useBalance(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(result.current.data).toBeUndefined()
})

test('after connect: the native coin, then the network’s tokens, read from anvil', async () => {
  const { wrapper } = await hookSetup({ usdcUnits: 5_000_000n })
  const { result } = await renderConnected(wrapper, () => useBalance())
  await waitFor(() => expect(result.current.value.status).toBe('success'), settled)
  const [native, usdc, ptk] = result.current.value.data ?? []
  expect(native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '10' } })
  expect(usdc).toMatchObject({ symbol: 'USDC', quantity: { numeric: '5' } })
  expect(ptk?.symbol).toBe('PTK')
})

test('an explicit address is read without a connection', async () => {
  const { wrapper } = await hookSetup()
  // Anvil's first account: funded at genesis, never emptied by a test.
  const address = privateKeyToAccount(sharedDevnet().evmPrivateKeys[0] as `0x${string}`).address
  const { result } = renderHook(() => useBalance({ address, caipNetworkId: 'eip155:31337' }), { wrapper })
  await waitFor(() => expect(result.current.status).toBe('success'), settled)
  expect(result.current.data?.[0]?.symbol).toBe('ETH')
  expect(Number(result.current.data?.[0]?.quantity.numeric)).toBeGreaterThan(0)
})
