import { LazyPart } from '../../modal/LazyPart.js'
import { lazy } from '../../modal/lazy.js'

// The Buy button's logic and text (availability rules, the onramp catalogue) load in their own
// small chunk: the Account view ships without them, and other views' features add nothing here.
const buyButton = lazy(() => import('./BuyButton.js').then((m) => m.BuyButton))
// Fetched with the Account view's chunk, not from an effect: the closed modal may render the view
// ahead, hidden, where effects wait for the opening (docs/performance.md).
if (typeof window !== 'undefined') buyButton.load().catch(() => {})

/**
 * @internal The Account view's Buy entry in the wallet features row: pending (the row waits) until
 * its chunk has arrived, then the Buy button (shown only when buying is available, see BuyButton).
 */
export function BuyFeatureButton() {
  // Nothing stands in: the part's pending marker holds the row back until the button is in. No Buy
  // button when its chunk cannot load: the rest of the row shows.
  return <LazyPart part={buyButton} what="the Buy button" held={null} />
}
