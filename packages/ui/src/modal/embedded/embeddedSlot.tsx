import { useConnection } from '@portico/headless'
import { type ComponentType, useEffect, useState } from 'react'

/**
 * A component whose code loads only while the account is connected through email login (the AUTH
 * connector), so other accounts pay nothing for it; it renders nothing until then.
 */
function embeddedSlot(what: string, load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined
  return function EmbeddedSlot() {
    const connection = useConnection()
    const enabled = connection.isConnected && connection.connectorId === 'auth'
    const [Component, setComponent] = useState(() => loaded)
    useEffect(() => {
      if (!enabled || Component) return
      let live = true
      load().then(
        (component) => {
          loaded = component
          if (live) setComponent(() => component)
        },
        (error: unknown) => console.warn(`[portico] Could not load ${what}.`, error),
      )
      return () => {
        live = false
      }
    }, [enabled, Component])
    return enabled && Component ? <Component /> : null
  }
}

/** @internal Where the Account view shows the embedded wallet's email (and "Change"). */
export const EmbeddedAccountSlot = embeddedSlot('the email wallet row', () =>
  import('./EmbeddedAccountRow.js').then((m) => m.EmbeddedAccountRow),
)

/**
 * @internal
 * Beside the modal in `<PorticoUI>`: while an email-login account is connected, the secure frame's
 * prompts open the modal on ApproveTransaction whichever view was shown, or none (a session
 * restored at page load signs before the Account view ever opened), and the frame gets the theme.
 */
export const EmbeddedWatchSlot = embeddedSlot('the email wallet', () =>
  import('./EmbeddedWatch.js').then((m) => m.EmbeddedWatch),
)
