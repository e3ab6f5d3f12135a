// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected } from '../../../test/hookHarness.js'
import { useSwapNetwork } from './useSwapNetwork.js'

test('default: follows the connection’s network; a swap network has no error', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSwapNetwork(undefined))
  expect(result.current.value.caipNetworkId).toBe('eip155:31337')
  expect(result.current.value.connection.status).toBe('connected')
  expect(result.current.value.unsupportedError).toBeUndefined()
})

test('parameters: an explicit network wins; one swaps do not serve carries the spec’s typed error', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useSwapNetwork('eip155:31338'))
  expect(result.current.value.caipNetworkId).toBe('eip155:31338')
  expect(result.current.value.unsupportedError).toMatchObject({
    name: 'SwapNetworkNotSupportedError',
    shortMessage: 'Network not supported for Swaps',
  })
})

test('behavior: before a connection it is the app’s default network (nothing to refuse)', async () => {
  const { wrapper } = await hookSetup()
  const { result } = renderHook(() => useSwapNetwork(undefined), { wrapper })
  expect(result.current.connection.status).not.toBe('connected')
  expect(result.current.caipNetworkId).toBe('eip155:31337')
  expect(result.current.unsupportedError).toBeUndefined()
})
