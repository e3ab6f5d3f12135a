// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected, settled } from '../../../test/hookHarness.js'
import { useCapabilities } from './useCapabilities.js'

test('default: the connected wallet’s capabilities per chain', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useCapabilities())
  await waitFor(() => expect(result.current.value.isSuccess).toBe(true), settled)
  expect(result.current.value.data).toEqual({
    31337: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
    31338: { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
  })
})

test('behavior: without a connected account the query waits; the wallet is not asked', async () => {
  const { wrapper, asked } = await hookSetup()
  const { result } = renderHook(() => useCapabilities(), { wrapper })
  expect(result.current.fetchStatus).toBe('idle')
  expect(result.current.data).toBeUndefined()
  expect(asked('wallet_getCapabilities')).toBe(0)
})

test('behavior: a wallet without EIP-5792 surfaces CallsNotSupportedError as the query’s error', async () => {
  const { wrapper } = await hookSetup({ eip5792: false })
  const { result } = await renderConnected(wrapper, () => useCapabilities())
  await waitFor(() => expect(result.current.value.isError).toBe(true), settled)
  expect(result.current.value.error).toMatchObject({ name: 'CallsNotSupportedError' })
})
