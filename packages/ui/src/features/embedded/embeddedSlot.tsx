import { useConnection } from '@portico/headless'
import { type ComponentType, useEffect, useState } from 'react'

type Load = () => Promise<ComponentType>
const loaded = new Map<Load, ComponentType>()

/**
 * A component whose code loads only while the account is connected through email login (the AUTH
 * connector), so other accounts pay nothing for it; undefined until then.
 */
function useEmbeddedComponent(what: string, load: Load): ComponentType | undefined {
  const connection = useConnection()
  const enabled = connection.isConnected && connection.connectorId === 'auth'
  const [Component, setComponent] = useState(() => loaded.get(load))
  useEffect(() => {
    if (!enabled || Component) return
    let live = true
    load().then(
      (component) => {
        loaded.set(load, component)
        if (live) setComponent(() => component)
      },
      (error: unknown) => console.warn(`[portico] Could not load ${what}.`, error),
    )
    return () => {
      live = false
    }
  }, [enabled, Component, what, load])
  return enabled ? Component : undefined
}

const loadAccountRow: Load = () => import('./EmbeddedAccountRow.js').then((m) => m.EmbeddedAccountRow)
const loadWatch: Load = () => import('./EmbeddedWatch.js').then((m) => m.EmbeddedWatch)

/** @internal Where the Account view shows the embedded wallet's email (and "Change"). */
export function EmbeddedAccountSlot() {
  const Row = useEmbeddedComponent('the email wallet row', loadAccountRow)
  return Row ? <Row /> : null
}

/**
 * @internal
 * Beside the modal in `<PorticoUI>`: while an email-login account is connected, the secure frame's
 * prompts open the modal on ApproveTransaction whichever view was shown, or none (a session
 * restored at page load signs before the Account view ever opened), and the frame gets the theme.
 */
export function EmbeddedWatchSlot() {
  const Watch = useEmbeddedComponent('the email wallet', loadWatch)
  return Watch ? <Watch /> : null
}
