import { useConnection } from '@portico/headless'
import { type ComponentType, useEffect, useState } from 'react'

let loaded: ComponentType | undefined

/**
 * @internal
 * Where the Account view shows the embedded wallet's email (and "Change"): its code loads only
 * for a connection through email login, so other accounts pay nothing for it.
 */
export function EmbeddedAccountSlot() {
  const connection = useConnection()
  const enabled = connection.isConnected && connection.connectorId === 'auth'
  const [Row, setRow] = useState(() => loaded)
  useEffect(() => {
    if (!enabled || Row) return
    let live = true
    import('./EmbeddedAccountRow.js').then(
      (m) => {
        loaded = m.EmbeddedAccountRow
        if (live) setRow(() => m.EmbeddedAccountRow)
      },
      (error: unknown) => console.warn('[portico] Could not load the email wallet row.', error),
    )
    return () => {
      live = false
    }
  }, [enabled, Row])
  return enabled && Row ? <Row /> : null
}
