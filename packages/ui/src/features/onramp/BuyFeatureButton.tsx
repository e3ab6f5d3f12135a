import { type ComponentType, useEffect, useState } from 'react'
import { FeaturePending } from '../account/FeaturePending.js'

// The Buy button's logic and text (availability rules, the onramp catalogue) load in their own
// small chunk: the Account view ships without them, and other views' features add nothing here.
let loaded: ComponentType | undefined
let loading: Promise<ComponentType> | undefined

/** Starts (once) loading the Buy button's chunk; a failed load is tried again on the next call. */
function loadBuyButton(): Promise<ComponentType> {
  loading ??= import('./BuyButton.js').then(
    (module) => {
      loaded = module.BuyButton
      return module.BuyButton
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * @internal The Account view's Buy entry in the wallet features row: pending (the row waits) until
 * its chunk has arrived, then the Buy button (shown only when buying is available, see BuyButton).
 */
export function BuyFeatureButton() {
  const [Button, setButton] = useState<ComponentType | undefined>(() => loaded)
  // Asked for from the render, not only from the effect: the closed modal renders the Account view
  // ahead, hidden, with its effects held until it opens (see Modal), and the chunk can arrive by then.
  if (!Button && !loading) void loadBuyButton().catch(() => {})
  useEffect(() => {
    if (Button) return
    let live = true
    loadBuyButton().then(
      (component) => {
        if (live) setButton(() => component)
      },
      (error: unknown) => {
        // No Buy button is the fallback when its chunk cannot load; the rest of the row shows.
        console.warn('[portico] Could not load the Buy button.', error)
        if (live) setButton(() => NoButton)
      },
    )
    return () => {
      live = false
    }
  }, [Button])
  return Button ? <Button /> : <FeaturePending />
}

function NoButton() {
  return null
}
