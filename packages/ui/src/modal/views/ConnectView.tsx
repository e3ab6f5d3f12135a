import { type SortedConnector, useConnectors, useFeatures } from '@portico/headless'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import { usePorticoUI } from '../../context.js'
import * as views from './views.css.js'
import { WalletRow } from './WalletRow.js'

/** How many wallets the Connect view lists before "All Wallets" (recent and installed come first). */
const visibleWallets = 5

/** @internal Sections in the connect-method order; wallets in the spec's connector order. */
export function ConnectView() {
  const { store, messages } = usePorticoUI('ConnectView')
  // Opening the modal is when the remote configuration is worth its request (spec: prefetch on open).
  const features = useFeatures({ remote: true })
  const connectors = useConnectors()
  const select = (connector: SortedConnector) => store.push('ConnectingExternal', { uid: connector.uid })

  // Email and social login arrive with the embedded wallet; until then only the wallet section renders.
  const sections = features.connectMethodsOrder.filter((method) => method === 'wallet')
  return (
    <div className={views.list} data-slot="connect-view">
      {sections.map((section) =>
        connectors.length === 0 ? (
          <EmptyState
            key={section}
            title={messages.noWalletsTitle}
            body={messages.noWalletsBody}
            icon={<Icon name="wallet" size={28} />}
          />
        ) : (
          <ul key={section} className={views.list} aria-label={messages.sectionWallets}>
            {connectors.slice(0, visibleWallets).map((connector) => (
              <li key={connector.uid}>
                <WalletRow connector={connector} onSelect={select} />
              </li>
            ))}
            {features.allWallets ? (
              <li>
                <button
                  type="button"
                  className={css.row}
                  onClick={() => store.push('AllWallets')}
                  data-slot="all-wallets"
                >
                  <span className={css.imageBox} style={{ width: 40, height: 40, borderRadius: 11 }}>
                    <Icon name="wallet" />
                  </span>
                  <span className={css.rowLabel}>{messages.allWallets}</span>
                  <span className={css.badge({ tone: 'neutral' })}>{connectors.length}</span>
                </button>
              </li>
            ) : null}
          </ul>
        ),
      )}
    </div>
  )
}
