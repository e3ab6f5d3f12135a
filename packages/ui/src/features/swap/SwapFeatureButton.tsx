import { useConnection, useFeatures } from '@portico/headless'
import { isSwapNetwork } from '@portico/headless/swap'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/featureMessages.js'
import { swapMessages } from './messages.js'

/**
 * @internal The Swap entry of the Account view's wallet features: shown when the `swaps` flag is
 * on and the connected network is a swap network; opens the Swap view.
 */
export function SwapFeatureButton() {
  const { store } = usePorticoUI('SwapFeatureButton')
  const { swaps } = useFeatures()
  const connection = useConnection()
  const text = useFeatureMessages(swapMessages)
  const network = connection.network?.caipNetworkId
  if (!swaps || !text || !network || !isSwapNetwork(network)) return null
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => store.push({ view: 'Swap' })}
      data-slot="wallet-feature-swap"
    >
      {text.swapTitle}
    </button>
  )
}
