'use client'
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { initialize } from '../actions/initialize.js'
import type { Portico } from '../portico.js'
import { hydrate } from '../state/hydrate.js'
import { type PorticoInitialState, withInitialState } from '../state/initialState.js'
import { PorticoContext } from './context.js'

export type PorticoProviderProps = {
  /** The instance from `createPortico`. */
  config: Portico
  /**
   * Query client for Portico's own queries. Default: a private one, so Portico never needs (or
   * touches) the host's `QueryClientProvider`. Portico's query keys name what is asked (account,
   * network, search), not the instance, as wagmi's do: give each instance a client of its own.
   */
  queryClient?: QueryClient | undefined
  /** Start discovery and reconnect on mount. Default `true`. */
  reconnectOnMount?: boolean | undefined
  /**
   * The persisted state the server read from the request (`cookieToInitialState` with
   * `cookieStorage`): the server renders the restored account and the first client render
   * matches it, then the wallet is asked as usual. Read on the first render only.
   */
  initialState?: PorticoInitialState | undefined
  children?: ReactNode
}

// useLayoutEffect warns on the server in React 18; it never runs there anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/**
 * Makes a Portico instance available to the hooks. It renders no element and wraps no other
 * provider around the host's tree; the saved session is read, and discovery and the silent
 * reconnect start, after mount, so server rendering and hydration are safe by default.
 *
 * @example
 * <PorticoProvider config={portico}>
 *   <App />
 * </PorticoProvider>
 */
export function PorticoProvider({
  config,
  queryClient,
  reconnectOnMount = true,
  initialState,
  children,
}: PorticoProviderProps) {
  const [initial] = useState(() => (initialState ? withInitialState(config, initialState) : undefined))
  // On the server `initial` is a per-request view of the shared instance; in the browser it is `config`.
  const portico = initial?.options === config.options ? initial : config
  const [ownClient] = useState(() => queryClient ?? new QueryClient())
  const client = queryClient ?? ownClient
  // The saved session is read after hydration (so the first client render equals the server's)
  // but before the browser paints, so client-only apps show "Restoring…" without a flash of
  // "Connect Wallet". Discovery and asking the wallet again start after the paint: nothing on the
  // first frame needs them, and they ran before the connect button's first paint.
  // On the server neither effect runs.
  useIsomorphicLayoutEffect(() => {
    hydrate(config)
  }, [config])
  useEffect(() => (reconnectOnMount ? initialize(config) : undefined), [config, reconnectOnMount])
  const value = useMemo(() => ({ portico, queryClient: client }), [portico, client])
  return <PorticoContext.Provider value={value}>{children}</PorticoContext.Provider>
}
