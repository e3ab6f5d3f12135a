// @vitest-environment happy-dom
// The React context the hooks read the instance from: what a hook gets outside `<PorticoProvider>`
// (nothing, so the typed ProviderNotFoundError naming it) and inside (the provider's instance and
// query client).
import { QueryClient } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import { useContext } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { BaseError } from '../errors/base.js'
import { ProviderNotFoundError } from '../errors/config.js'
import { PorticoContext, type PorticoContextValue } from './context.js'
import { PorticoProvider } from './PorticoProvider.js'
import { useConnectors } from './useConnectors.js'
import { usePortico } from './usePortico.js'

afterEach(() => vi.restoreAllMocks())

/** What `fn` threw while rendering outside any provider (React logs the render error: kept out of the output). */
function thrownOutside(fn: () => unknown): unknown {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    renderHook(fn)
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

test('default: outside any provider the context holds no value (undefined, not an empty object)', () => {
  const { result } = renderHook(() => useContext(PorticoContext))
  expect(result.current).toBeUndefined()
})

test("error: a hook outside `<PorticoProvider>` throws the typed ProviderNotFoundError naming that hook, with the fix and the docs' address", () => {
  const error = thrownOutside(() => usePortico())
  expect(error).toBeInstanceOf(ProviderNotFoundError)
  expect(error).toBeInstanceOf(BaseError)
  expect(error).toMatchObject({
    name: 'ProviderNotFoundError',
    shortMessage: '`usePortico` must be used within `<PorticoProvider>`.',
    docsPath: '/api/PorticoProvider',
    details: undefined,
  })
  expect((error as Error).message).toBe(
    '`usePortico` must be used within `<PorticoProvider>`.\nDocs: https://portico.dev/docs/api/PorticoProvider',
  )
  // Another hook is named as itself, not as usePortico.
  expect(thrownOutside(() => useConnectors())).toMatchObject({
    name: 'ProviderNotFoundError',
    shortMessage: '`useConnectors` must be used within `<PorticoProvider>`.',
  })
})

test('edge: a provider of the context whose value is undefined counts as no provider: the hook still throws the typed error', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(() =>
    renderHook(() => usePortico('useBalance'), {
      wrapper: ({ children }) => <PorticoContext.Provider value={undefined}>{children}</PorticoContext.Provider>,
    }),
  ).toThrow(new ProviderNotFoundError({ hook: 'useBalance' }))
})

test('default: inside `<PorticoProvider>` the context holds the instance and the query client given, the same object from render to render', () => {
  const portico = offlinePortico('context-inside')
  const queryClient = new QueryClient()
  const { result, rerender } = renderHook(() => useContext(PorticoContext), {
    wrapper: ({ children }) => (
      <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
        {children}
      </PorticoProvider>
    ),
  })
  const first = result.current
  expect(first).toEqual({ portico, queryClient })
  expect(first?.portico).toBe(portico)
  expect(first?.queryClient).toBe(queryClient)
  rerender()
  expect(result.current).toBe(first)
  // What the hooks get is that value itself.
  const { result: hook } = renderHook(() => usePortico(), {
    wrapper: ({ children }) => (
      <PorticoProvider config={portico} queryClient={queryClient} reconnectOnMount={false}>
        {children}
      </PorticoProvider>
    ),
  })
  expect(hook.current.portico).toBe(portico)
  expect(hook.current.queryClient).toBe(queryClient)
})

test("behavior: without a query client the provider's own one is in the context, kept across renders; the host's QueryClientProvider is not needed", () => {
  const portico = offlinePortico('context-own-client')
  const { result, rerender } = renderHook(() => usePortico(), {
    wrapper: ({ children }) => (
      <PorticoProvider config={portico} reconnectOnMount={false}>
        {children}
      </PorticoProvider>
    ),
  })
  const own = result.current.queryClient
  expect(own).toBeInstanceOf(QueryClient)
  rerender()
  expect(result.current.queryClient).toBe(own)
  expect(result.current.portico).toBe(portico)
})

test('behavior: nested providers: a hook reads the nearest one; a value given straight to the context is what the hooks get', () => {
  const outer = offlinePortico('context-outer')
  const inner = offlinePortico('context-inner')
  const { result } = renderHook(() => usePortico(), {
    wrapper: ({ children }) => (
      <PorticoProvider config={outer} reconnectOnMount={false}>
        <PorticoProvider config={inner} reconnectOnMount={false}>
          {children}
        </PorticoProvider>
      </PorticoProvider>
    ),
  })
  expect(result.current.portico).toBe(inner)

  const value: PorticoContextValue = { portico: outer, queryClient: new QueryClient() }
  const { result: direct } = renderHook(() => usePortico(), {
    wrapper: ({ children }) => <PorticoContext.Provider value={value}>{children}</PorticoContext.Provider>,
  })
  expect(direct.current).toBe(value)
})
