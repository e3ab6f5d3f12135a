import { useConnection, useFeatures } from '@portico/headless'
import { isOnrampAvailable } from '@portico/headless/onramp'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { preloadView } from '../../modal/views.js'
import { onrampMessages } from './messages.js'

/**
 * @internal The Account view's Buy entry (loaded by BuyFeatureButton) (wallet features, spec order: onramp first): shown when
 * the onramp flag is on, the connected namespace is one the on-ramp delivers to (eip155, solana)
 * and the visitor's time zone is not a restricted one. Opens the Buy view.
 */
export function BuyButton() {
  const { modal } = usePorticoUI('BuyButton')
  const { onramp } = useFeatures()
  const connection = useConnection()
  const text = useFeatureMessages(onrampMessages)
  if (!onramp || !isOnrampAvailable({ namespace: connection.namespace })) return null
  if (!text) return <PartPending />
  const warm = () => void preloadView(modal.table, 'OnRampProviders').catch(() => {})
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => modal.push({ view: 'OnRampProviders' })}
      onPointerEnter={warm}
      onFocus={warm}
      data-slot="wallet-feature-buy"
    >
      {text.onrampBuy}
    </button>
  )
}
