import { truncateAddress, useConnection, useNetwork } from '@portico/headless'
import { useId } from 'react'
import { Icon } from '../../components/Icon.js'
import { networkImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { QrCode } from '../../components/QrCode.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { sendMessages } from './messages.js'
import * as send from './send.css.js'

/**
 * @internal The connected address as a QR code (the lazy QR chunk), with copy and the networks of
 * this namespace it can receive on (one address serves every network of its namespace).
 */
export function ReceiveView() {
  const { messages } = usePorticoUI('ReceiveView')
  const toasts = useToasts()
  const text = useFeatureMessages(sendMessages)
  const connection = useConnection()
  const { network: active, networks } = useNetwork()
  const networksId = useId()
  if (!text) return <ViewLoading />
  const address = connection.address ?? ''
  const namespace = connection.namespace ?? active.chainNamespace
  const receiving = networks.filter((network) => network.chainNamespace === namespace)
  const activeImage = networkImage(active)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      toasts.show('success', messages.addressCopied)
    } catch {
      toasts.show('error', messages.copyFailed)
    }
  }
  return (
    <div className={send.receive} data-slot="receive-view">
      <QrCode
        value={address || undefined}
        label={text.receiveQrLabel}
        loadingLabel={text.receiveQrLoading}
        logo={
          activeImage.src || activeImage.mark ? (
            <PorticoImage {...activeImage} name={active.name} size={40} radius="full" />
          ) : undefined
        }
      />
      <p className={send.mono} data-slot="receive-address" title={address}>
        {truncateAddress(address)}
      </p>
      <button
        type="button"
        className={css.button({ variant: 'secondary', size: 'md' })}
        onClick={() => void copy()}
        data-slot="receive-copy"
      >
        <Icon name="copy" size={16} />
        {messages.copyAddress}
      </button>
      <p className={send.label} id={networksId}>
        {text.receiveNetworks}
      </p>
      <ul className={send.chips} aria-labelledby={networksId} data-slot="receive-networks">
        {receiving.map((network) => (
          <li key={network.caipNetworkId} className={send.chip}>
            <PorticoImage {...networkImage(network)} name={network.name} size={16} radius="full" />
            {network.name}
          </li>
        ))}
      </ul>
      <p className={send.note} data-slot="receive-warning">
        {text.receiveWarning}
      </p>
    </div>
  )
}

ReceiveView.featureTitle = {
  messages: sendMessages,
  title: (text: Catalogue<typeof sendMessages.en>) => text.receiveTitle,
} satisfies FeatureTitle
