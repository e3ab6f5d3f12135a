import { usePortico } from '@portico/headless'
import { type ComponentType, useEffect, useState } from 'react'

let loaded: ComponentType | undefined

/**
 * @internal
 * Where the Account view shows the sign-in row: its code (and the sign-in flow's) loads only when
 * the instance has a `siwx` option, so accounts without sign-in pay nothing for it.
 */
export function SiwxAccountSlot() {
  const { portico } = usePortico('SiwxAccountSlot')
  const enabled = Boolean(portico.options.siwx)
  const [Status, setStatus] = useState(() => loaded)
  useEffect(() => {
    if (!enabled || Status) return
    let live = true
    import('./SiwxAccountStatus.js').then(
      (m) => {
        loaded = m.SiwxAccountStatus
        if (live) setStatus(() => m.SiwxAccountStatus)
      },
      (error: unknown) => console.warn('[portico] Could not load the sign-in status.', error),
    )
    return () => {
      live = false
    }
  }, [enabled, Status])
  return enabled && Status ? <Status /> : null
}
