import { usePortico } from '@portico/headless'
import { useContext, useMemo } from 'react'
import { PorticoUIContext } from '../context.js'
import { imageOrigins } from './imageSource.js'

/**
 * @internal
 * The remote image origins of the nearest `<PorticoProvider>` (see `imageOrigins`), or undefined
 * outside one (a `PorticoImage` in a host's own layout, with sources the host chose). Under
 * `<PorticoUI>` every image reads its one per-instance set; elsewhere each image builds its own.
 * Read when the image mounts: the host's connectors are listed by then (discovery starts with the
 * provider).
 *
 * @example
 * const origins = useImageOrigins()
 */
export function useImageOrigins(): ReadonlySet<string> | undefined {
  const ui = useContext(PorticoUIContext)
  let portico: Parameters<typeof imageOrigins>[0] | undefined
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: usePortico calls exactly one useContext on every render, then throws outside a provider; the hook order never changes.
    portico = usePortico('PorticoImage').portico
  } catch {
    portico = undefined
  }
  const own = useMemo(() => (portico && !ui ? imageOrigins(portico) : undefined), [portico, ui])
  return (ui?.imageOrigins ?? own)?.()
}
