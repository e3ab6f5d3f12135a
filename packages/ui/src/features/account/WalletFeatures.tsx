import { useConnection, useFeatures, type WalletFeature } from '@portico/headless'
import type { ComponentType } from 'react'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { BuyFeatureButton } from '../onramp/BuyFeatureButton.js'
import { sendMessages } from '../send/messages.js'
import * as send from '../send/send.css.js'
import { SwapFeatureButton } from '../swap/SwapFeatureButton.js'

/**
 * The button of each wallet feature that is built, by the spec's flag name. A feature without an
 * entry here (not built yet) is never shown: no dead buttons. Each renders nothing when it does
 * not apply (its flag is read here; a feature may add its own conditions, e.g. a swap network).
 */
const featureButtons: Partial<Record<WalletFeature, ComponentType>> = {
  onramp: BuyFeatureButton,
  swaps: SwapFeatureButton,
  receive: ReceiveButton,
  send: SendButton,
}

/**
 * @internal The Account view's wallet features in the spec's `walletFeaturesOrder` (onramp, swaps,
 * receive, send by default, or the host's / remote order), each only when its flag is on (remote
 * configuration wins over local, as `useFeatures` resolves).
 */
export function WalletFeatures() {
  const features = useFeatures()
  const shown = features.walletFeaturesOrder.filter((feature) => features[feature] && featureButtons[feature])
  if (shown.length === 0) return null
  return (
    <div className={send.features} data-slot="wallet-features">
      {shown.map((feature) => {
        const Button = featureButtons[feature] as ComponentType
        return <Button key={feature} />
      })}
    </div>
  )
}

function SendButton() {
  const { modal } = usePorticoUI('WalletFeatures')
  const text = useFeatureMessages(sendMessages)
  const { namespace } = useConnection()
  // Spec: balance and send are for EVM and Solana.
  if (namespace !== 'eip155' && namespace !== 'solana') return null
  if (!text) return <PartPending />
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => modal.push({ view: 'Send' })}
      data-slot="wallet-feature-send"
    >
      {text.sendTitle}
    </button>
  )
}

function ReceiveButton() {
  const { modal } = usePorticoUI('WalletFeatures')
  const text = useFeatureMessages(sendMessages)
  if (!text) return <PartPending />
  return (
    <button
      type="button"
      className={css.button({ variant: 'secondary', size: 'sm' })}
      onClick={() => modal.push({ view: 'Receive' })}
      data-slot="wallet-feature-receive"
    >
      {text.receiveTitle}
    </button>
  )
}
