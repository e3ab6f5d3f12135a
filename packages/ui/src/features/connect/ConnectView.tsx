import {
  type ChainNamespace,
  type DirectoryWallet,
  type RecentWallet,
  type SortedConnector,
  useConnectors,
  useFeatures,
  useNetwork,
  usePortico,
  useRecentWallets,
  useWalletDirectory,
  walletImageUrl,
} from '@portico/headless'
import { useMemo } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useAfterFirstPaint } from '../../modal/useAfterFirstPaint.js'
import { directoryCountLabel } from '../../utils/directoryCount.js'
import { EmailFieldSlot } from '../embedded/EmailFieldSlot.js'
import { SocialLoginsSlot } from '../embedded/SocialLoginsSlot.js'
import {
  connectingView,
  pairsRemotely,
  usePreloadWalletConnect,
  usePrepareWalletConnectOnIntent,
  useStartConnection,
} from './connection.js'
import { listedConnectors, WalletRow } from './WalletRow.js'

/** How many wallets the Connect view lists before "All Wallets" (recent and installed come first). */
const visibleWallets = 5

/** @internal Sections in the connect-method order; wallets in the spec's connector order. */
export function ConnectView({ data }: { view?: 'Connect'; data?: { namespace: ChainNamespace } | undefined }) {
  const { modal, messages } = usePorticoUI('ConnectView')
  // After a switch to a network whose namespace no wallet is connected on: that namespace's wallets.
  const namespace = data?.namespace
  const { network } = useNetwork()
  // Opening the modal is when the remote configuration and the directory's count are worth their
  // requests (spec: prefetch on open); they start once the list is painted, not between the click
  // and that paint (the bench's click -> list), and their answers arrive later either way.
  const painted = useAfterFirstPaint()
  const features = useFeatures({ remote: painted })
  const all = useConnectors()
  const recent = useRecentWallets()
  const connectors = useMemo(
    () => listedConnectors(namespace ? all.filter((c) => pairsRemotely(c) || c.chain === namespace) : all),
    [all, namespace],
  )
  // WalletConnect's code loads once the list has painted; its client starts when a row leading to
  // it is pointed at or focused, not when the list shows.
  const prepareWalletConnect = usePrepareWalletConnectOnIntent()
  usePreloadWalletConnect(painted && all.some(pairsRemotely))
  // The badge counts what "All Wallets" offers: the directory, not the installed wallets above it.
  const directoryCount = directoryCountLabel(
    useWalletDirectory({ search: '', enabled: features.allWallets && painted }).data?.pages[0]?.count,
  )
  // Directory wallets last connected over WalletConnect, right after the WalletConnect entry
  // (spec connector order: walletConnect, recent, …); only while WalletConnect is available.
  const rows = useMemo<Row[]>(() => {
    const walletConnect = connectors.findIndex(pairsRemotely)
    const seen = new Set<string>()
    const recentWalletConnect =
      walletConnect === -1 ? [] : recent.filter((w) => w.walletConnect && !seen.has(w.id) && Boolean(seen.add(w.id)))
    const connectorRows = connectors.map((connector): Row => ({ kind: 'connector', connector }))
    const recentRows = recentWalletConnect.map((wallet): Row => ({ kind: 'recent', wallet }))
    return [...connectorRows.slice(0, walletConnect + 1), ...recentRows, ...connectorRows.slice(walletConnect + 1)]
  }, [connectors, recent])
  const { portico } = usePortico('ConnectView')
  // Email and social login need the host's embedded wallet (its secure frame) and an eip155 or
  // solana adapter.
  const embedded =
    Boolean(portico.options.embeddedWallet) &&
    (namespace ? namespace === 'eip155' || namespace === 'solana' : true) &&
    (portico.adapters.has('eip155') || portico.adapters.has('solana'))
  const email = features.email && embedded
  const socials = embedded && features.socials ? features.socials : []
  const start = useStartConnection()
  const select = (connector: SortedConnector) => {
    if (start({ connector })) modal.push(connectingView(connector))
  }
  const selectRecent = (wallet: RecentWallet) => {
    const walletConnect = connectors.find(pairsRemotely)
    if (!walletConnect) return
    if (!start({ connector: walletConnect, wallet: { id: wallet.id, name: wallet.name, imageId: wallet.imageId } }))
      return
    const directoryWallet: DirectoryWallet = { id: wallet.id, name: wallet.name, image_id: wallet.imageId }
    modal.push({ view: 'ConnectingWalletConnect', data: { wallet: directoryWallet } })
  }

  // Email and social login show when the host set up the embedded wallet (and left them on).
  const sections = features.connectMethodsOrder.filter(
    (method) => method === 'wallet' || (method === 'email' && email) || (method === 'social' && socials.length > 0),
  )
  return (
    <div className={views.list} data-slot="connect-view">
      {namespace ? (
        <p className={css.rowMeta} data-slot="connect-for-network">
          {messages.connectForNetwork(network.name)}
        </p>
      ) : null}
      {sections.map((section, index) =>
        section === 'social' ? (
          <div key={section} data-slot="connect-social">
            <SocialLoginsSlot socials={socials} />
            {index < sections.length - 1 ? <hr className={views.divider} /> : null}
          </div>
        ) : section === 'email' ? (
          <div key={section} data-slot="connect-email">
            <EmailFieldSlot />
            {index < sections.length - 1 ? <hr className={views.divider} /> : null}
          </div>
        ) : connectors.length === 0 ? (
          <EmptyState
            key={section}
            title={messages.noWalletsTitle}
            body={messages.noWalletsBody}
            icon={<Icon name="wallet" size={28} />}
          />
        ) : (
          <ul key={section} className={views.list} aria-label={messages.sectionWallets}>
            {rows.slice(0, visibleWallets).map((row) =>
              row.kind === 'connector' ? (
                <li key={row.connector.uid}>
                  <WalletRow connector={row.connector} onSelect={select} onIntent={prepareWalletConnect} />
                </li>
              ) : (
                <li key={`recent:${row.wallet.id}`}>
                  <RecentWalletConnectRow wallet={row.wallet} onSelect={selectRecent} onIntent={prepareWalletConnect} />
                </li>
              ),
            )}
            {features.allWallets ? (
              <li>
                <button
                  type="button"
                  className={css.row}
                  // No WalletConnect readying here: All Wallets is a directory (often searched for
                  // an installed wallet); its rows that pair remotely ready it when pointed at.
                  onClick={() => modal.push({ view: 'AllWallets' })}
                  data-slot="all-wallets"
                >
                  <span className={css.imageBox} style={{ width: 40, height: 40, borderRadius: 11 }}>
                    <Icon name="wallet" />
                  </span>
                  <span className={css.rowLabel}>{messages.allWallets}</span>
                  {directoryCount ? <span className={css.badge({ tone: 'neutral' })}>{directoryCount}</span> : null}
                </button>
              </li>
            ) : null}
          </ul>
        ),
      )}
    </div>
  )
}

type Row = { kind: 'connector'; connector: SortedConnector } | { kind: 'recent'; wallet: RecentWallet }

/** A directory wallet connected over WalletConnect before: opens its WalletConnect view. */
function RecentWalletConnectRow({
  wallet,
  onSelect,
  onIntent,
}: {
  wallet: RecentWallet
  onSelect(wallet: RecentWallet): void
  onIntent(): void
}) {
  const { messages } = usePorticoUI('RecentWalletConnectRow')
  const { portico } = usePortico('RecentWalletConnectRow')
  return (
    <button
      type="button"
      className={css.row}
      onClick={() => onSelect(wallet)}
      onPointerMove={onIntent}
      onFocus={onIntent}
      data-slot="recent-wallet-row"
      data-wallet={wallet.id}
    >
      <PorticoImage src={wallet.imageId ? walletImageUrl(portico, wallet.imageId) : wallet.icon} name={wallet.name} />
      <span className={css.rowLabel}>{wallet.name}</span>
      <span className={css.badge({ tone: 'accent' })}>{messages.badgeRecent}</span>
    </button>
  )
}
