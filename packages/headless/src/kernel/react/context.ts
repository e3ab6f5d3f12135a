'use client'
import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react'
import type { Portico } from '../portico.js'

/** @internal */
export type PorticoContextValue = { portico: Portico; queryClient: QueryClient }

/** @internal */
export const PorticoContext = createContext<PorticoContextValue | undefined>(undefined)
