import type {
  ChainNamespace,
  ConnectorGroup,
  CustomWallet,
  DirectoryWallet,
  RecentWallet,
  SortedConnector,
} from '@portico/headless'
import { pairsRemotely } from './connection.js'
import { type WalletConnectors, walletConnectors } from './walletConnectors.js'

/**
 * A wallet the Connect view lists to pair over WalletConnect: a recent WalletConnect wallet, a
 * featured or a recommended directory wallet, or one of the host's custom wallets.
 */
export type ListedDirectoryWallet = {
  id: string
  name: string
  imageId?: string | undefined
  icon?: string | undefined
}
/** @internal */
export type Row =
  /**
   * An installed (or remote) wallet: `connectors` are its connectors, one per namespace, in the
   * listing order; the first places the row and gives its badge.
   */
  | { kind: 'connector'; connectors: WalletConnectors }
  | { kind: 'recent' | 'featured' | 'custom' | 'recommended'; wallet: ListedDirectoryWallet }

/**
 * @internal
 * The Connect view's rows, group by group in the connector order (spec: walletConnect, recent,
 * injected, featured, custom, external, recommended): the connectors of each group, the wallets
 * last connected over WalletConnect with the recent ones, the host's featured directory wallets
 * with the featured ones (the first 4 that suit the view), the host's custom wallets with the custom ones, and 4 recommended
 * directory wallets last. A wallet is listed once, and not when it is already a row (installed,
 * recent), nor when a directory wallet does not support the namespace the view is for (custom
 * wallets name no chains); these rows need WalletConnect (they pair through it). A recent wallet
 * that is a custom one keeps the custom wallet's icon (the directory has none for it). A wallet
 * installed for several namespaces (an EIP-6963 provider and a Wallet Standard wallet of the same
 * app) is one row with its connectors, placed where its first one sorts.
 */
export function connectRows({
  connectors,
  recent,
  directory,
  custom = [],
  namespace,
  order,
}: {
  connectors: readonly SortedConnector[]
  recent: readonly RecentWallet[]
  directory: {
    /** The host's `featuredWalletIds`, in its order. */
    featuredIds: readonly string[]
    /** What the directory returned for them (in any order). */
    featured: readonly DirectoryWallet[]
    /** The directory's first page: the recommended wallets are its first ones not listed already. */
    firstPage: readonly DirectoryWallet[]
  }
  /** The host's `customWallets`, in its order. */
  custom?: readonly CustomWallet[] | undefined
  namespace: ChainNamespace | undefined
  order: readonly ConnectorGroup[]
}): Row[] {
  const walletConnect = connectors.some(pairsRemotely)
  const listed = new Set<string>()
  for (const c of connectors) {
    listed.add(c.id)
    if (c.explorerId) listed.add(c.explorerId)
    if (c.info?.rdns) listed.add(c.info.rdns)
  }
  const fresh = (wallet: { id: string; rdns?: string | undefined }) =>
    walletConnect &&
    !listed.has(wallet.id) &&
    !(wallet.rdns && listed.has(wallet.rdns)) &&
    Boolean(listed.add(wallet.id))
  const forNamespace = (wallet: DirectoryWallet) =>
    !namespace || !wallet.chains?.length || wallet.chains.some((chain) => chain.startsWith(`${namespace}:`))
  const fromDirectory = (wallet: DirectoryWallet): ListedDirectoryWallet => ({
    id: wallet.id,
    name: wallet.name,
    imageId: wallet.image_id,
  })
  const fromCustom = (wallet: CustomWallet): ListedDirectoryWallet => ({
    id: wallet.id,
    name: wallet.name,
    icon: wallet.image_url,
  })
  const customById = new Map(custom.map((wallet) => [wallet.id, wallet]))
  const fromRecent = (wallet: RecentWallet): ListedDirectoryWallet => {
    const own = customById.get(wallet.id)
    return own ? fromCustom(own) : wallet
  }
  const rows: Row[] = []
  const recency = (row: Row) =>
    row.kind === 'connector'
      ? recent.findIndex((r) => r.id === row.connectors[0].id && r.namespace === row.connectors[0].chain)
      : recent.findIndex((r) => r.walletConnect && r.id === row.wallet.id)
  const wallets = walletConnectors(connectors)
  for (const group of order) {
    const members = wallets
      .filter(([first]) => first.group === group)
      .map((connectors): Row => ({ kind: 'connector', connectors }))
    // Recent wallets, installed or over WalletConnect, most recent first.
    if (group === 'recent')
      members.push(
        ...recent
          .filter((w) => w.walletConnect && fresh(w))
          .map((wallet): Row => ({ kind: 'recent', wallet: fromRecent(wallet) })),
      )
    rows.push(...(group === 'recent' ? members.sort((a, b) => recency(a) - recency(b)) : members))
    if (group === 'featured')
      rows.push(
        ...[...directory.featured]
          .sort((a, b) => directory.featuredIds.indexOf(a.id) - directory.featuredIds.indexOf(b.id))
          .filter((w) => forNamespace(w) && fresh(w))
          .slice(0, featuredWalletsCount)
          .map((w): Row => ({ kind: 'featured', wallet: fromDirectory(w) })),
      )
    if (group === 'custom')
      rows.push(...custom.filter((w) => fresh(w)).map((w): Row => ({ kind: 'custom', wallet: fromCustom(w) })))
    if (group === 'recommended')
      rows.push(
        ...directory.firstPage
          .filter((w) => !directory.featuredIds.includes(w.id) && forNamespace(w) && fresh(w))
          .slice(0, recommendedWalletsCount)
          .map((w): Row => ({ kind: 'recommended', wallet: fromDirectory(w) })),
      )
  }
  return rows
}

/** Spec: 4 recommended wallets. */
const recommendedWalletsCount = 4
/**
 * Spec: featured wallets default 4. A host may feature more (say, one list for every network it
 * runs on); the Connect view shows the first 4 that suit the view, and the rest stay in All Wallets.
 */
const featuredWalletsCount = 4
