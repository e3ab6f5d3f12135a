import {
  type DirectoryWallet,
  type SortedConnector,
  useConnectors,
  usePortico,
  useWalletDirectory,
  walletImageUrl,
} from '@portico/headless'
import { normalizeSearch } from '@portico/headless/internal'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import { connectingView, pairsRemotely, usePrepareWalletConnect, useStartConnection } from './connection.js'
import * as views from './views.css.js'
import { listedConnectors, WalletRow } from './WalletRow.js'

/** Spec: search waits at least 300 ms after the last keystroke. */
export const searchMinimumWaitMs = 300
const rowHeight = 56
const rowGap = 8

type Row = { kind: 'connector'; connector: SortedConnector } | { kind: 'directory'; wallet: DirectoryWallet }

/**
 * @internal
 * Every wallet, virtualised so thousands of directory entries cost a screenful of DOM: the
 * installed and configured wallets first, then the wallet directory (when one is configured),
 * paged 40 at a time as the list nears its end. Search is trimmed and waits 300 ms.
 */
export function AllWalletsView() {
  const { store, messages } = usePorticoUI('AllWalletsView')
  const { portico } = usePortico('AllWalletsView')
  const all = useConnectors()
  const connectors = useMemo(() => listedConnectors(all), [all])
  usePrepareWalletConnect(connectors)
  const walletConnect = connectors.find(pairsRemotely)
  const start = useStartConnection()
  // The typed text lives in <SearchField>: a keystroke re-renders the field alone, and the list
  // only when the query settles (issue 18: keystroke -> frame on a slow phone).
  const [query, setQuery] = useState('')

  const directory = useWalletDirectory({ search: query })
  const results = useMemo<Row[]>(() => {
    const needle = query.toLowerCase()
    const installed = needle ? connectors.filter((c) => c.name.toLowerCase().includes(needle)) : connectors
    // A directory wallet that is installed is already listed, with its live connector.
    const known = new Set(connectors.map((c) => c.info?.rdns ?? c.id))
    const listed = new Set<string>()
    const fromDirectory = (directory.data?.pages ?? []).flatMap((page) =>
      page.data.filter((w) => !(w.rdns && known.has(w.rdns)) && !listed.has(w.id) && listed.add(w.id)),
    )
    return [
      ...installed.map((connector): Row => ({ kind: 'connector', connector })),
      ...fromDirectory.map((wallet): Row => ({ kind: 'directory', wallet })),
    ]
  }, [connectors, query, directory.data])

  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: results.length + (directory.hasNextPage ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight + rowGap,
    overscan: 6,
    initialRect: { width: 320, height: 360 },
  })
  // Stable callbacks, so scrolling (which re-renders the virtual list) leaves memoised rows alone.
  const select = useCallback(
    (connector: SortedConnector) => {
      start({ connector })
      store.push(connectingView(connector))
    },
    [start, store],
  )
  // A directory wallet that is not installed pairs over WalletConnect; without it, where to get it.
  const selectDirectory = useCallback(
    (wallet: DirectoryWallet) => {
      if (!walletConnect) return store.push({ view: 'ConnectingExternal', data: { directoryWallet: wallet } })
      start({ connector: walletConnect, wallet: { id: wallet.id, name: wallet.name, imageId: wallet.image_id } })
      store.push({ view: 'ConnectingWalletConnect', data: { wallet } })
    },
    [start, store, walletConnect],
  )

  // Next page when the last rows come into view.
  const items = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = directory
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= results.length - 5) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, results.length])

  return (
    <div data-slot="all-wallets-view" data-query={query}>
      <SearchField query={query} onQuery={setQuery} />
      {results.length === 0 && directory.isFetching ? (
        <div className={views.center}>
          <Spinner size={24} label={messages.loading} />
        </div>
      ) : results.length === 0 ? (
        <EmptyState
          title={query ? messages.noSearchResults(query) : messages.noWalletsTitle}
          body={query ? undefined : messages.noWalletsBody}
        />
      ) : (
        <div ref={scroller} className={views.scroller}>
          <ul
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
            aria-label={messages.walletCount(results.length)}
          >
            {items.map((item) => {
              const row = results[item.index]
              const key = row
                ? row.kind === 'connector'
                  ? row.connector.uid
                  : `directory:${row.wallet.id}`
                : 'loading'
              return (
                <li
                  key={key}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {!row ? (
                    <div className={views.center}>
                      <Spinner size={18} label={messages.loading} />
                    </div>
                  ) : row.kind === 'connector' ? (
                    <WalletRow connector={row.connector} onSelect={select} />
                  ) : (
                    <DirectoryRow
                      wallet={row.wallet}
                      imageUrl={walletImageUrl(portico, row.wallet.image_id)}
                      onSelect={selectDirectory}
                    />
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {directory.isError ? <p className={views.muted}>{messages.directoryUnavailable}</p> : null}
    </div>
  )
}

/**
 * The search box. It owns the typed text, so a keystroke renders this field alone; the trimmed,
 * normalised query reaches the list 300 ms after the last keystroke (spec).
 */
function SearchField({ query, onQuery }: { query: string; onQuery(query: string): void }) {
  const { messages } = usePorticoUI('AllWalletsView')
  const [input, setInput] = useState(query)
  useEffect(() => {
    const next = normalizeSearch(input)
    if (next === query) return
    const timer = setTimeout(() => onQuery(next), searchMinimumWaitMs)
    return () => clearTimeout(timer)
  }, [input, query, onQuery])
  return (
    <label className={views.search}>
      <Icon name="search" size={18} />
      <input
        className={views.searchInput}
        type="search"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        placeholder={messages.searchPlaceholder}
        aria-label={messages.searchLabel}
        autoComplete="off"
        spellCheck={false}
      />
    </label>
  )
}

/** A directory wallet's row; memoised, so a scroll renders only the rows that come into view. */
const DirectoryRow = memo(function DirectoryRow({
  wallet,
  imageUrl,
  onSelect,
}: {
  wallet: DirectoryWallet
  imageUrl: string | undefined
  onSelect(wallet: DirectoryWallet): void
}) {
  return (
    <button
      type="button"
      className={css.row}
      onClick={() => onSelect(wallet)}
      data-slot="directory-wallet-row"
      data-wallet={wallet.id}
    >
      <PorticoImage src={imageUrl} name={wallet.name} size={40} />
      <span className={css.rowLabel}>{wallet.name}</span>
    </button>
  )
})
