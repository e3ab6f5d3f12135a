'use client'
import { type PorticoInitialState, PorticoProvider } from '@portico/headless'
import { PorticoUI } from '@portico/ui'
import type { ReactNode } from 'react'
import { portico } from './portico'

export function Providers({ initialState, children }: { initialState?: PorticoInitialState; children: ReactNode }) {
  return (
    <PorticoProvider config={portico} initialState={initialState}>
      <PorticoUI themeMode="auto">{children}</PorticoUI>
    </PorticoProvider>
  )
}
