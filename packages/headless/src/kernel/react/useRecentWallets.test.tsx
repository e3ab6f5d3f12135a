// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { expect, test } from 'vitest'
import { hookSetup, renderConnected } from '../../test/hookHarness.js'
import { useRecentWallets } from './useRecentWallets.js'

test('empty on a fresh page', async () => {
  const { wrapper } = await hookSetup()
  expect(renderHook(() => useRecentWallets(), { wrapper }).result.current).toEqual([])
})

test('the connected wallet becomes recent, and the hook re-renders with it', async () => {
  const { wrapper } = await hookSetup()
  const { result } = await renderConnected(wrapper, () => useRecentWallets())
  expect(result.current.value).toEqual([expect.objectContaining({ id: 'test', namespace: 'eip155', name: 'Test' })])
})
