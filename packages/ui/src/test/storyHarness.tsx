import { type ReactNode, useEffect } from 'react'
import { usePorticoUI } from '../context.js'
import type { PlainViewName } from '../modal/views.js'
import { PorticoUI, type PorticoUIProps } from '../PorticoUI.js'
import { createHarness, type HarnessOptions } from './harness.js'

// Storybook plumbing shared by every story file (a *.stories.tsx cannot export helpers without
// Storybook indexing them as stories).
//
// A loader builds a real Portico instance with EIP-6963 test wallets. Storybook re-runs loaders on
// every re-render (toolbar and control changes), so the harness is kept while its story stays
// mounted: toggling the theme keeps the state a play function produced. A remount or another story
// gets a fresh one, and the previous harness is stopped before the next announces its wallets.
// The theme comes from the toolbar (`globals.theme`) into our own <PorticoUI> inside the harness's
// provider, so it changes live without rebuilding the wallets.

export type Harness = Awaited<ReturnType<typeof createHarness>>
type Slot = { key: string; harness: Harness; hosts: number; release: ReturnType<typeof setTimeout> | undefined }

const slotKey: unique symbol = Symbol.for('@portico/storybook-harness')
function slot(): { current?: Slot | undefined } {
  const scope = globalThis as typeof globalThis & { [slotKey]?: { current?: Slot | undefined } }
  scope[slotKey] ??= {}
  return scope[slotKey]
}

export function harnessLoader(options: HarnessOptions, prepare?: (harness: Harness) => void) {
  return async ({ id }: { id: string }) => {
    const held = slot()
    const current = held.current
    if (current && current.key === id && current.hosts > 0) return { harness: current.harness }
    if (current) {
      clearTimeout(current.release)
      current.harness.cleanup()
      held.current = undefined
    }
    const harness = await createHarness(options)
    // Seeded balances stay put: no refetch against the (absent) devnet on focus, reconnect or remount.
    if (options.balances !== 'error')
      harness.queryClient.setQueryDefaults(['portico', 'balance'], {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
      })
    prepare?.(harness)
    held.current = { key: id, harness, hosts: 0, release: undefined }
    return { harness }
  }
}

/** Counts the mounted hosts of a harness; stops it shortly after the last one unmounts. */
export function useHarnessHost(harness: Harness) {
  useEffect(() => {
    const current = slot().current
    if (current?.harness !== harness) return () => harness.cleanup()
    clearTimeout(current.release)
    current.hosts++
    return () => {
      current.hosts--
      if (current.hosts === 0) current.release = setTimeout(() => current.hosts === 0 && harness.cleanup(), 0)
    }
  }, [harness])
}

export const themeModeOf = (globals: Record<string, unknown>): 'light' | 'dark' =>
  globals.theme === 'dark' ? 'dark' : 'light'

export function Stage({
  harness,
  themeMode,
  view,
  ui,
  children,
}: {
  harness: Harness
  themeMode: 'light' | 'dark'
  view?: PlainViewName | undefined
  ui?: Omit<PorticoUIProps, 'children' | 'themeMode'> | undefined
  children?: ReactNode
}) {
  useHarnessHost(harness)
  const { Wrapper } = harness
  return (
    <Wrapper>
      <PorticoUI themeMode={themeMode} {...ui}>
        {view ? <OpenView view={view} /> : null}
        {children}
      </PorticoUI>
    </Wrapper>
  )
}

/** Opens the modal on a view once (not again on re-renders, so clicks in the story stick). */
export function OpenView({ view }: { view: PlainViewName }) {
  const { modal } = usePorticoUI('OpenView')
  useEffect(() => modal.open({ view }), [modal, view])
  return null
}
