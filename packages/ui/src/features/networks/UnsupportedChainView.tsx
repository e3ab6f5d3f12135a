import { useDisconnect, useNetwork } from '@portico/headless'
import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { NetworksView } from './NetworksView.js'

/**
 * @internal
 * Shown only when network switching is enabled, unsupported chains are not allowed and the wallet
 * is on a network the app does not configure (the spec). Offers the supported networks of
 * the same namespace, or disconnecting.
 */
export function UnsupportedChainView() {
  const { modal, messages } = usePorticoUI('UnsupportedChainView')
  const { network } = useNetwork()
  const disconnect = useDisconnect()
  return (
    <div data-slot="unsupported-chain-view">
      <div className={views.center}>
        <Icon name="warning" size={36} className={views.danger} />
        <p className={views.headline}>{messages.unsupportedTitle}</p>
        <p className={views.muted}>{messages.unsupportedBody}</p>
      </div>
      <NetworksView only={(n) => n.chainNamespace === network.chainNamespace} />
      <button
        type="button"
        className={css.button({ variant: 'danger', size: 'lg' })}
        style={{ marginTop: 12 }}
        onClick={() => {
          modal.close()
          disconnect.mutate()
        }}
      >
        <Icon name="disconnect" size={18} />
        {messages.disconnect}
      </button>
    </div>
  )
}
