import type { ChainNamespace, ConnectorGroup, DirectoryWallet, RecentWallet, SortedConnector } from '@portico/headless'
import { pairsRemotely } from './connection.js'

/** A directory wallet as the Connect view lists it: a recent WalletConnect wallet, a featured or a recommended one. */
export type ListedDirectoryWallet = {
  id: string
  name: string
  imageId?: string | undefined
  icon?: string | undefined
}
/** @internal */
export type Row =
  | { kind: 'connector'; connector: SortedConnector }
  | { kind: 'recent' | 'featured' | 'recommended'; wallet: ListedDirectoryWallet }

/**
 * @internal
 * The Connect view's rows, group by group in the connector order (spec: walletConnect, recent,
 * injected, featured, custom, external, recommended): the connectors of each group, the wallets
 * last connected over WalletConnect with the recent ones, the host's featured directory wallets
 * with the featured ones, and 4 recommended directory wallets last. A directory wallet is listed
 * once, and not when it is already a row (installed, recent), nor when it does not support the
 * namespace the view is for; directory rows need WalletConnect (they pair through it).
 */
export function connectRows({
  connectors,
  recent,
  directory,
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
  const rows: Row[] = []
  const recency = (row: Row) =>
    row.kind === 'connector'
      ? recent.findIndex((r) => r.id === row.connector.id && r.namespace === row.connector.chain)
      : recent.findIndex((r) => r.walletConnect && r.id === row.wallet.id)
  for (const group of order) {
    const members = connectors
      .filter((c) => c.group === group)
      .map((connector): Row => ({ kind: 'connector', connector }))
    // Recent wallets, installed or over WalletConnect, most recent first.
    if (group === 'recent')
      members.push(
        ...recent.filter((w) => w.walletConnect && fresh(w)).map((wallet): Row => ({ kind: 'recent', wallet })),
      )
    rows.push(...(group === 'recent' ? members.sort((a, b) => recency(a) - recency(b)) : members))
    if (group === 'featured')
      rows.push(
        ...[...directory.featured]
          .sort((a, b) => directory.featuredIds.indexOf(a.id) - directory.featuredIds.indexOf(b.id))
          .filter((w) => forNamespace(w) && fresh(w))
          .map((w): Row => ({ kind: 'featured', wallet: fromDirectory(w) })),
      )
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
