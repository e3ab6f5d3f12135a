import { useConnection, useFeatures, usePortico } from '@portico/headless'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { swapMessages } from './messages.js'

/**
 * @internal The Swap entry of the Account view's wallet features: shown when the `swaps` flag is
 * on, the instance uses the blockchain API (swaps are quoted there; a host that turned it off gets
 * no entry that could only fail) and an EVM network is connected; opens the Swap view (which says
 * 'Network not supported for Swaps' elsewhere). Nothing from '@portico/headless/swap' here: the
 * Account chunk stays light.
 */
export function SwapFeatureButton() {
  const { modal } = usePorticoUI('SwapFeatureButton')
  const { portico } = usePortico('SwapFeatureButton')
  const { swaps } = useFeatures()
  const connection = useConnection()
  const text = useFeatureMessages(swapMessages)
  if (!swaps || !portico.options.blockchainApi || connection.network?.chainNamespace !== 'eip155') return null
  if (!text) return <PartPending />
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => modal.push({ view: 'Swap' })}
      data-slot="wallet-feature-swap"
    >
      {text.swapTitle}
    </button>
  )
}
