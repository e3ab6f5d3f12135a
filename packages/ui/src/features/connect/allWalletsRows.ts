import type { DirectoryWallet, SortedConnector } from '@portico/headless'
import { type WalletConnectors, walletConnectors } from './walletConnectors.js'

/** A row of All Wallets: a wallet the app can reach now, or a directory entry (pairs over WalletConnect). */
export type AllWalletsRow =
  /**
   * A wallet the app can reach: `connectors` are its connectors, one per namespace (a wallet
   * installed for several is one row); the first gives its badge.
   */
  { kind: 'connector'; connectors: WalletConnectors } | { kind: 'directory'; wallet: DirectoryWallet }

type Page = { count: number; data: readonly DirectoryWallet[] }

/** What All Wallets lists for a committed search. */
export type AllWalletsRows = {
  rows: AllWalletsRow[]
  /** How many rows the whole list has, loaded or not (`aria-setsize`). */
  total: number
  /**
   * The directory's answer to this search has not arrived: its rows are the already loaded
   * directory entries whose names match, shown meanwhile (the search request waits 300 ms).
   */
  provisional: boolean
}

/**
 * @internal
 * The rows of All Wallets: the connectors first, one row per wallet app (as in the Connect view;
 * filtered by name while searching), then the
 * directory's entries, without the wallets already listed as connectors (matched by rdns) and
 * without repeats. While a search's answer is on its way, the directory entries already loaded
 * whose names contain the search stand in for it, so matches show as soon as the search is
 * committed instead of after the round trip; the answer replaces them (same keys, so the rows
 * that stay are not re-created).
 *
 * @example
 * const { rows, total } = allWallets({ connectors, query, search: search.data?.pages, browse: browse.data?.pages })
 */
export function allWalletsRows({
  connectors,
  query,
  search,
  browse,
  hasNextPage = false,
}: {
  connectors: readonly SortedConnector[]
  /** The committed search, trimmed; '' lists everything. */
  query: string
  /** The directory's pages for `query` (undefined until they arrive). */
  search: readonly Page[] | undefined
  /** The directory's pages without a search, as loaded so far (the stand-in while searching). */
  browse: readonly Page[] | undefined
  /** More pages of `search` remain to be fetched. */
  hasNextPage?: boolean | undefined
}): AllWalletsRows {
  const needle = query.toLowerCase()
  const matches = (name: string) => !needle || name.toLowerCase().includes(needle)
  const installed = walletConnectors(connectors).filter(([first]) => matches(first.name))
  // A directory wallet that is installed is already listed, with its live connector.
  const known = new Set(connectors.map((c) => c.info?.rdns ?? c.id))
  const provisional = Boolean(needle) && !search
  const pages = provisional ? browse : search
  const listed = new Set<string>()
  const directory: DirectoryWallet[] = []
  let fetched = 0
  for (const page of pages ?? []) {
    fetched += page.data.length
    for (const wallet of page.data) {
      if (wallet.rdns && known.has(wallet.rdns)) continue
      if (listed.has(wallet.id) || (provisional && !matches(wallet.name))) continue
      listed.add(wallet.id)
      directory.push(wallet)
    }
  }
  const rows: AllWalletsRow[] = [
    ...installed.map((connectors): AllWalletsRow => ({ kind: 'connector', connectors })),
    ...directory.map((wallet): AllWalletsRow => ({ kind: 'directory', wallet })),
  ]
  // Entries not fetched yet count towards the size a screen reader announces.
  const remaining = !provisional && hasNextPage ? Math.max(0, (pages?.at(-1)?.count ?? 0) - fetched) : 0
  return { rows, total: rows.length + remaining, provisional }
}
