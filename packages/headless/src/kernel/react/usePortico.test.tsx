// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { memoryStorage, testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { PorticoProvider } from './PorticoProvider.js'
import { useConnection } from './useConnection.js'
import { usePortico } from './usePortico.js'

afterEach(() => vi.restoreAllMocks())

test('inside the provider it returns the instance and its query client', () => {
  const portico = createPortico({
    projectId: 'p',
    networks: testNetworks().all,
    adapters: testAdapters(),
    storage: memoryStorage(),
  })
  const { result } = renderHook(() => usePortico(), {
    wrapper: ({ children }) => <PorticoProvider config={portico}>{children}</PorticoProvider>,
  })
  expect(result.current.portico).toBe(portico)
  expect(result.current.queryClient).toBeDefined()
})

test('outside the provider a hook throws ProviderNotFoundError naming that hook and the fix', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() => renderHook(() => usePortico())).toThrow('`usePortico` must be used within `<PorticoProvider>`.')
  expect(() => renderHook(() => useConnection())).toThrow('`useConnection` must be used within `<PorticoProvider>`.')
})
