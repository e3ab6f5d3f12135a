import {
  type ChainNamespace,
  type DirectoryWallet,
  fetchRemoteFeatures,
  type Portico,
  useConnectors,
  useFeatures,
  useNetwork,
  usePortico,
  useRecentWallets,
  useWalletDirectory,
  walletImageUrl,
} from '@portico/headless'
import { useEffect, useMemo } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { ModalController } from '../../modal/controller.js'
import { useAfterFirstPaint } from '../../modal/useAfterFirstPaint.js'
import { directoryCountLabel } from '../../utils/directoryCount.js'
import { createStore, useStore } from '../../utils/store.js'
import { EmailFieldSlot } from '../embedded/EmailFieldSlot.js'
import { SocialLoginsSlot } from '../embedded/SocialLoginsSlot.js'
import { pairsRemotely, usePairWithWallet, useStartConnection } from './connection.js'
import { connectRows, type ListedDirectoryWallet } from './connectRows.js'
import { createConsent, legalMode } from './legal/consent.js'
import { LegalSlot } from './legal/LegalSlot.js'
import * as legalStyles from './legal/legal.css.js'
import { MoreSlot } from './more/MoreSlot.js'
import { listedConnectors, WalletRow } from './WalletRow.js'
import { usePreloadWalletConnectOnIntent, usePrepareWalletConnectOnIntent } from './walletConnectIntent.js'
import { useSelectWallet } from './walletConnectors.js'

const noWallets: DirectoryWallet[] = []

/** How many wallets the Connect view lists before "All Wallets" (recent and installed come first). */
const visibleWallets = 5

/** @internal Sections in the connect-method order; wallets in the spec's connector order. */
export function ConnectView({
  data,
}: {
  view?: 'Connect'
  data?: { namespace?: ChainNamespace | undefined; wallets?: boolean | undefined } | undefined
}) {
  const { modal, messages } = usePorticoUI('ConnectView')
  // After a switch to a network whose namespace no wallet is connected on: that namespace's wallets.
  const namespace = data?.namespace
  const { network } = useNetwork()
  // Opening the modal is when the remote configuration and the directory's count are worth their
  // requests (spec: prefetch on open); they start once the list is painted, not between the click
  // and that paint (the bench's click -> list), and their answers arrive later either way.
  const painted = useAfterFirstPaint()
  const features = useFeatures({ remote: painted })
  const { portico } = usePortico('ConnectView')
  const configSettled = useRemoteConfigSettled(portico, modal, painted)
  const all = useConnectors()
  const recent = useRecentWallets()
  const connectors = useMemo(
    () => listedConnectors(namespace ? all.filter((c) => pairsRemotely(c) || c.chain === namespace) : all),
    [all, namespace],
  )
  // Nothing of WalletConnect loads when the list shows: only a row leading to it, pointed at,
  // pressed or focused, does (walletConnectIntent.ts).
  const prepareWalletConnect = usePrepareWalletConnectOnIntent()
  const preloadWalletConnect = usePreloadWalletConnectOnIntent()
  // The directory's first page: its count is the "All Wallets" badge (what it offers, not the
  // installed wallets above it), and its first wallets the recommended rows. The host's featured
  // wallets are one more request. Directory rows open WalletConnect, so they need it; all are
  // asked for once the list is painted.
  const remote = connectors.some(pairsRemotely)
  const walletConnect = painted && remote
  const featuredIds = portico.options.featuredWalletIds
  const firstPageQuery = useWalletDirectory({ search: '', enabled: painted && (features.allWallets || walletConnect) })
  const firstPage = firstPageQuery.data?.pages[0]
  const featuredQuery = useWalletDirectory({ include: featuredIds, enabled: walletConnect && featuredIds.length > 0 })
  const featured = featuredQuery.data?.pages[0]?.data
  // Until the directory answers, its rows' places are held, so the rows above them (and, in a
  // centred dialog or a bottom sheet, everything) stay where the user is about to press.
  // The first two terms are `isWalletDirectoryEnabled` (the rule useWalletDirectory applies):
  // written out because importing it through `@portico/headless/internal` costs this chunk 1.27
  // KiB, and exporting it from the main entry would grow page start.
  const directoryAwaited =
    Boolean(portico.options.projectId) &&
    portico.options.walletDirectory &&
    (((features.allWallets || remote) && !firstPage && !firstPageQuery.isError) ||
      (remote && featuredIds.length > 0 && !featured && !featuredQuery.isError))
  const directoryCount = directoryCountLabel(firstPage?.count)
  const rows = useMemo(
    () =>
      connectRows({
        connectors,
        recent,
        // The recommended rows wait for the featured ones too: listed first, they would turn into
        // the featured wallets under a pointer about to press one when that answer came second.
        directory: {
          featuredIds,
          featured: featured ?? noWallets,
          firstPage: (!directoryAwaited && firstPage?.data) || noWallets,
        },
        custom: portico.options.customWallets,
        namespace,
        order: portico.options.connectorOrder,
      }),
    [connectors, recent, featuredIds, featured, firstPage, directoryAwaited, namespace, portico],
  )
  const heldRows = directoryAwaited ? Math.max(0, visibleWallets - rows.length) : 0
  // Email and social login need the host's embedded wallet (its secure frame) and an eip155 or
  // solana adapter.
  const embedded =
    Boolean(portico.options.embeddedWallet) &&
    (namespace ? namespace === 'eip155' || namespace === 'solana' : true) &&
    (portico.adapters.has('eip155') || portico.adapters.has('solana'))
  const email = features.email && embedded
  const socials = embedded && features.socials ? features.socials : []
  const start = useStartConnection()
  // A wallet installed for several namespaces asks which one to connect first.
  const selectWallet = useSelectWallet(start)
  const pair = usePairWithWallet(connectors.find(pairsRemotely), start)
  // A custom wallet (also when listed as recent) pairs with the host's links and icon.
  const selectDirectory = (wallet: ListedDirectoryWallet) => {
    const custom = portico.options.customWallets.find((w) => w.id === wallet.id)
    pair(
      custom
        ? {
            id: custom.id,
            name: custom.name,
            image_url: custom.image_url,
            mobile_link: custom.mobile_link,
            desktop_link: custom.desktop_link,
            webapp_link: custom.webapp_link,
          }
        : { id: wallet.id, name: wallet.name, image_id: wallet.imageId },
    )
  }

  // Email and social login show when the host set up the embedded wallet (and left them on). The
  // view the collapsed wallets row opens (`wallets`) lists the wallets alone.
  const walletsOnly = data?.wallets === true
  const sections = features.connectMethodsOrder.filter(
    (method) =>
      method === 'wallet' ||
      (!walletsOnly && ((method === 'email' && email) || (method === 'social' && socials.length > 0))),
  )
  // `collapseWallets`: beside email or social login, the wallets wait behind one row.
  const collapsed = features.collapseWallets && sections.some((section) => section !== 'wallet')
  // The host's terms and privacy policy: a checkbox every way to connect waits for, or a line.
  const legal = legalMode(portico, features.legalCheckbox)
  const { agreed } = useStore(modal.local(createConsent))
  const methods = sections.map((section, index) =>
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
    ) : collapsed ? (
      <ul key={section} className={views.list} aria-label={messages.sectionWallets}>
        <li>
          <button
            type="button"
            className={css.row}
            onClick={() => modal.push({ view: 'Connect', data: { namespace, wallets: true } })}
            data-slot="continue-with-wallet"
          >
            <span className={css.imageBox} style={{ width: 40, height: 40, borderRadius: 11 }}>
              <Icon name="wallet" />
            </span>
            <span className={css.rowLabel}>
              <MoreSlot part="continueWithWallet" />
            </span>
          </button>
        </li>
      </ul>
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
            <li key={row.connectors[0].uid}>
              <WalletRow connectors={row.connectors} onSelect={selectWallet} onIntent={prepareWalletConnect} />
            </li>
          ) : (
            <li key={`${row.kind}:${row.wallet.id}`}>
              <DirectoryWalletConnectRow
                wallet={row.wallet}
                badge={row.kind}
                onSelect={selectDirectory}
                onIntent={prepareWalletConnect}
              />
            </li>
          ),
        )}
        {Array.from({ length: heldRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: interchangeable places, none has an identity
          <li key={`held:${index}`} aria-hidden="true" data-slot="wallet-row-held">
            <div className={css.row} />
          </li>
        ))}
        {features.allWallets ? (
          <li>
            <button
              type="button"
              className={css.row}
              onClick={() => modal.push({ view: 'AllWallets' })}
              // Its directory's wallets pair over WalletConnect: reaching for it loads the SDK's
              // code, not its client (All Wallets is often searched for an installed wallet).
              onPointerMove={preloadWalletConnect}
              onPointerDown={preloadWalletConnect}
              onFocus={preloadWalletConnect}
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
  )
  return (
    <div className={views.list} data-slot="connect-view">
      {namespace ? (
        <p className={css.rowMeta} data-slot="connect-for-network">
          {messages.connectForNetwork(network.name)}
        </p>
      ) : null}
      {legal === 'checkbox' ? (
        <>
          <LegalSlot mode="checkbox" />
          <fieldset className={legalStyles.gate} disabled={!agreed} data-slot="legal-gate">
            {methods}
          </fieldset>
        </>
      ) : (
        methods
      )}
      {legal === 'notice' ? <LegalSlot mode="notice" /> : null}
      {features.reownBranding && configSettled ? <MoreSlot part="branding" /> : null}
    </div>
  )
}

/**
 * Which instance's remote configuration has answered (or failed, or is off), kept by the modal so a
 * later opening knows it from its first paint. The branding line waits for it: on by default and
 * often turned off by the project, it would otherwise show when its chunk came first and vanish when
 * the configuration did, moving the whole centred dialog under a pointer about to press a row.
 */
const createRemoteConfigSettled = () => createStore<{ for?: Portico | undefined }>({})

function useRemoteConfigSettled(portico: Portico, modal: ModalController, asked: boolean): boolean {
  const store = modal.local(createRemoteConfigSettled)
  const settled = useStore(store).for === portico
  useEffect(() => {
    if (!asked || settled) return
    // The request is the one `useFeatures({ remote })` started: fetchRemoteFeatures loads once and
    // never rejects.
    void fetchRemoteFeatures(portico).then(() => store.set({ for: portico }))
  }, [portico, store, asked, settled])
  return settled
}

/** A row that pairs over WalletConnect (recent, featured, custom, recommended): opens its WalletConnect view. */
function DirectoryWalletConnectRow({
  wallet,
  badge,
  onSelect,
  onIntent,
}: {
  wallet: ListedDirectoryWallet
  badge: 'recent' | 'featured' | 'custom' | 'recommended'
  onSelect(wallet: ListedDirectoryWallet): void
  onIntent(): void
}) {
  const { messages } = usePorticoUI('DirectoryWalletConnectRow')
  const { portico } = usePortico('DirectoryWalletConnectRow')
  return (
    <button
      type="button"
      className={css.row}
      onClick={() => onSelect(wallet)}
      onPointerMove={onIntent}
      onPointerDown={onIntent}
      onFocus={onIntent}
      data-slot={`${badge}-wallet-row`}
      data-wallet={wallet.id}
    >
      <PorticoImage src={wallet.imageId ? walletImageUrl(portico, wallet.imageId) : wallet.icon} name={wallet.name} />
      <span className={css.rowLabel}>{wallet.name}</span>
      {badge === 'recent' ? <span className={css.badge({ tone: 'accent' })}>{messages.badgeRecent}</span> : null}
      {badge === 'featured' ? <span className={css.badge({ tone: 'neutral' })}>{messages.badgeFeatured}</span> : null}
    </button>
  )
}
