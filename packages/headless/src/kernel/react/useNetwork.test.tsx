// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected } from '../../test/hookHarness.js'
import { useNetwork } from './useNetwork.js'
import { useSwitchNetwork } from './useSwitchNetwork.js'

test('reads the default network before a connection, with every configured network', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useNetwork(), { wrapper })
  expect(result.current.network.name).toBe('Devnet')
  expect(result.current.networks.map((n) => n.name)).toEqual(['Devnet', 'Devnet 2'])
  expect(result.current.isUnsupported).toBe(false)
})

test('follows a switch of the connected wallet', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => ({ network: useNetwork(), switch: useSwitchNetwork() }))
  await act(() => result.current.value.switch.mutateAsync({ caipNetworkId: 'eip155:31338' }))
  expect(result.current.value.network.network.name).toBe('Devnet 2')
})
