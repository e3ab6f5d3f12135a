'use client'
import { useContext } from 'react'
import { ProviderNotFoundError } from '../errors/config.js'
import { PorticoContext, type PorticoContextValue } from './context.js'

/**
 * The Portico instance and query client of the nearest `<PorticoProvider>`.
 *
 * @example
 * const { portico } = usePortico()
 */
export function usePortico(hook = 'usePortico'): PorticoContextValue {
  const value = useContext(PorticoContext)
  if (!value) throw new ProviderNotFoundError({ hook })
  return value
}
