import { type ComponentType, useEffect, useState } from 'react'

// The Buy button's logic and text (availability rules, the onramp catalogue) load in their own
// small chunk: the Account view ships without them, and other views' features add nothing here.
let loaded: ComponentType | undefined

/**
 * @internal The Account view's Buy entry in the wallet features row: renders nothing until its
 * chunk has arrived, then the Buy button (shown only when buying is available, see BuyButton).
 */
export function BuyFeatureButton() {
  const [Button, setButton] = useState<ComponentType | undefined>(() => loaded)
  useEffect(() => {
    if (Button) return
    let live = true
    import('./onramp/BuyButton.js').then(
      (module) => {
        loaded = module.BuyButton
        if (live) setButton(() => module.BuyButton)
      },
      // No Buy button is the fallback when its chunk cannot load; the rest of the view works.
      (error: unknown) => console.warn('[portico] Could not load the Buy button.', error),
    )
    return () => {
      live = false
    }
  }, [Button])
  return Button ? <Button /> : null
}
