import { truncateAddress, useBalance, useConnectors, useDisconnect, useNetwork, usePortico } from '@portico/headless'
import type { Connection } from '@portico/headless/wallets'
import { useConnections, useSwitchConnection } from '@portico/headless/wallets/react'
import { useCallback, useEffect, useState } from 'react'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { afterConnected } from '../../modal/afterConnected.js'
import { lazy } from '../../modal/lazy.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { namespaceName, useConnectWith, useStartConnection } from '../connect/connection.js'
import type { PopupProvider } from '../embedded/socialLogin.js'
import { socialNames } from '../embedded/socialNames.js'
import { walletsMessages } from './messages.js'
import * as styles from './wallets.css.js'

type Text = Catalogue<typeof walletsMessages.en>

// The logins a disconnected embedded wallet reconnects through, loaded on demand (a failed load is
// tried again by the next `load`).
const socialLogin = lazy(() => import('../embedded/socialLogin.js'))
const emailLogin = lazy(() => import('../embedded/emailLogin.js'))

/**
 * @internal
 * The spec's ProfileWallets view: every connected wallet per namespace with its address and
 * balance; switch to one, disconnect one, or add another (All Wallets, then back here).
 */
export function ProfileWalletsView() {
  const text = useFeatureMessages(walletsMessages)
  const { modal } = usePorticoUI('ProfileWalletsView')
  const connections = useConnections()
  if (!text) return <ViewLoading />
  const namespaces = [...new Set(connections.map((c) => c.namespace))]
  return (
    <div data-slot="profile-wallets" className={css.stack}>
      {namespaces.length === 0 ? <p className={views.muted}>{text.walletsEmpty}</p> : null}
      {namespaces.map((namespace) => (
        <section key={namespace} className={css.stack} aria-label={namespaceName(namespace)}>
          <h3 className={views.sectionTitle}>{namespaceName(namespace)}</h3>
          <ul className={views.list} data-slot="wallets-list" data-namespace={namespace}>
            {connections
              .filter((c) => c.namespace === namespace)
              .map((connection) => (
                <WalletRow key={connection.connectorId} connection={connection} text={text} />
              ))}
          </ul>
        </section>
      ))}
      <button
        type="button"
        className={css.button({ variant: 'secondary', size: 'lg' })}
        onClick={() => modal.push({ view: 'AllWallets' })}
        data-slot="add-wallet"
      >
        {text.walletsAdd}
      </button>
    </div>
  )
}

function WalletRow({ connection, text }: { connection: Connection; text: Text }) {
  const toasts = useToasts()
  const switchConnection = useSwitchConnection({
    mutation: { onError: () => toasts.show('error', text.walletsSwitchFailed) },
  })
  const disconnect = useDisconnect()
  const reconnect = useReconnect(connection, switchConnection.mutate, text)
  const address = connection.accounts[0] ?? ''
  const active = connection.status === 'active'
  return (
    <li
      className={`${css.row} ${styles.walletRow}`}
      data-slot="connected-wallet"
      data-connector={connection.connectorId}
      data-status={connection.status}
      aria-current={active ? 'true' : undefined}
    >
      <PorticoImage src={connection.icon} name={connection.name} size={32} />
      <span className={styles.walletLabel}>
        <span className={styles.walletName}>{connection.authName ?? connection.name}</span>
        <span className={views.muted} data-slot="wallet-address">
          {truncateAddress(address)}
        </span>
      </span>
      {connection.status === 'disconnected' ? (
        <span className={css.rowMeta}>{text.walletsDisconnected}</span>
      ) : (
        <WalletBalance address={address} namespace={connection.namespace} />
      )}
      <span className={styles.walletActions}>
        {active ? (
          <span className={css.badge({})} data-slot="wallet-active">
            {text.walletsActive}
          </span>
        ) : (
          <button
            type="button"
            className={css.button({ variant: 'secondary', size: 'sm' })}
            disabled={switchConnection.isPending || !reconnect.ready}
            aria-label={text.walletsSwitchTo(connection.name)}
            onClick={() =>
              connection.status === 'disconnected' ? reconnect.run() : switchConnection.mutate({ connection })
            }
            data-slot="switch-wallet"
          >
            {switchConnection.isPending ? (
              <Spinner size={14} />
            ) : connection.status === 'disconnected' ? (
              text.walletsReconnect
            ) : (
              text.walletsSwitch
            )}
          </button>
        )}
        <button
          type="button"
          className={css.button({ variant: 'secondary', size: 'sm' })}
          disabled={disconnect.isPending}
          aria-label={text.walletsDisconnectOne(connection.name)}
          // The row leaves the list at the first click and the next row slides under the pointer: the
          // second click of a double click (its click count) is not a click on that row.
          onClick={(event) => event.detail < 2 && disconnect.mutate({ connection })}
          data-slot="disconnect-wallet"
        >
          {text.walletsDisconnect}
        </button>
      </span>
    </li>
  )
}

/**
 * A disconnected wallet reconnects the way it connected the first time: the modal's connection
 * attempt on its own connector, with that connector's view (WalletConnect's QR code, an installed
 * wallet's wait), and back to this list once the wallet approves (the attempt's success returns to
 * ProfileWallets). An embedded wallet logs in again as it was made: its email gets a new code (the
 * EmailLogin view), its social provider a new login window opened in this click (ConnectingSocial),
 * Farcaster a new QR code; the login's success returns here too. A wallet the page no longer lists
 * goes through `switchConnection`, whose typed 'No connector found for connection' the row shows.
 */
function useReconnect(connection: Connection, switchTo: (variables: { connection: Connection }) => void, text: Text) {
  const { modal } = usePorticoUI('useReconnect')
  const toasts = useToasts()
  const { portico } = usePortico('useReconnect')
  const connectors = useConnectors()
  const connectWith = useConnectWith(useStartConnection())
  const { authProvider: provider, authName } = connection
  const popupProvider =
    connection.status === 'disconnected' && provider && provider !== 'farcaster' && provider in socialNames
      ? (provider as PopupProvider)
      : undefined
  // A login window must open in the click itself (or the browser blocks it), before anything is
  // awaited: the social login's code is fetched while the row shows, and Reconnect waits for it.
  // Code that could not arrive (`null`) leaves Reconnect usable: a click says so and fetches again.
  const [social, setSocial] = useState<Awaited<ReturnType<typeof socialLogin.load>> | null>()
  const loadSocial = useCallback(() => socialLogin.load().then(setSocial, () => setSocial(null)), [])
  useEffect(() => {
    if (popupProvider) void loadSocial()
  }, [popupProvider, loadSocial])
  const failed = () => toasts.show('error', text.walletsReconnectFailed)
  const run = () => {
    // A login first: the embedded wallet's connector is only listed once its code has loaded,
    // which the login itself does.
    if (provider === 'email' && authName) {
      // No window to open here: the login's code can arrive after the click.
      emailLogin.load().then((m) => m.openEmailLogin(modal, portico, authName), failed)
      return
    }
    if (provider === 'farcaster') return modal.push({ view: 'ConnectingSocial', data: { provider } })
    if (popupProvider && social === null) {
      failed()
      // Fetched again; Reconnect waits for it as on the first load.
      setSocial(undefined)
      void loadSocial()
      return
    }
    if (popupProvider && social) {
      void modal
        .local(social.createSocialLogin)
        .social(portico, popupProvider)
        .then((ok) => ok && afterConnected(modal, () => modal.open({ view: 'Account' })))
      return modal.push({ view: 'ConnectingSocial', data: { provider: popupProvider } })
    }
    const connector = connectors.find((c) => c.id === connection.connectorId && c.chain === connection.namespace)
    if (!connector) return switchTo({ connection })
    connectWith(connector)
  }
  return { run, ready: !popupProvider || social !== undefined }
}

/** The native balance of one wallet's address, on its namespace's selected network. */
function WalletBalance({ address, namespace }: { address: string; namespace: Connection['namespace'] }) {
  const format = useFormat()
  const { portico } = usePortico('WalletBalance')
  const { network } = useNetwork()
  // The active namespace's selected network, else the namespace's first configured one.
  const caipNetworkId =
    network.chainNamespace === namespace
      ? network.caipNetworkId
      : portico.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
  const balance = useBalance({ address, caipNetworkId })
  const native = balance.data?.[0]
  const loading = balance.isPending && balance.fetchStatus !== 'idle'
  return (
    <span className={css.rowMeta} data-slot="wallet-balance">
      {native ? format.amount(native.quantity.numeric, native.symbol) : loading ? <Spinner size={14} /> : '—'}
    </span>
  )
}

ProfileWalletsView.featureTitle = {
  messages: walletsMessages,
  title: (text: Text) => text.walletsTitle,
} satisfies FeatureTitle
