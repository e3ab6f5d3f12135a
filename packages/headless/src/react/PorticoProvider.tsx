'use client'
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { initialize } from '../core/actions/initialize.js'
import type { Portico } from '../core/config/createPortico.js'
import { PorticoContext } from './context.js'

export type PorticoProviderProps = {
  /** The instance from `createPortico`. */
  config: Portico
  /**
   * Query client for Portico's own queries. Default: a private one, so Portico never needs (or
   * touches) the host's `QueryClientProvider`.
   */
  queryClient?: QueryClient | undefined
  /** Start discovery and reconnect on mount. Default `true`. */
  reconnectOnMount?: boolean | undefined
  children?: ReactNode
}

/**
 * Makes a Portico instance available to the hooks. It renders no element and wraps no other
 * provider around the host's tree; discovery and the silent reconnect start after mount, so
 * server rendering is safe.
 *
 * @example
 * <PorticoProvider config={portico}>
 *   <App />
 * </PorticoProvider>
 */
export function PorticoProvider({ config, queryClient, reconnectOnMount = true, children }: PorticoProviderProps) {
  const [ownClient] = useState(() => queryClient ?? new QueryClient())
  const client = queryClient ?? ownClient
  useEffect(() => (reconnectOnMount ? initialize(config) : undefined), [config, reconnectOnMount])
  const value = useMemo(() => ({ portico: config, queryClient: client }), [config, client])
  return <PorticoContext.Provider value={value}>{children}</PorticoContext.Provider>
}
