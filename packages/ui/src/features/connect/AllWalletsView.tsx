import {
  useConnectors,
  usePortico,
  useWalletDirectory,
  walletDirectoryInfiniteQueryOptions,
  walletImageUrl,
} from '@portico/headless'
import { isWalletDirectoryEnabled } from '@portico/headless/internal'
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual'
import {
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { usePaintedSince } from '../../modal/useAfterFirstPaint.js'
import { allWalletsRows } from './allWalletsRows.js'
import { pairsRemotely, usePairWithWallet, useStartConnection } from './connection.js'
import { DirectoryRow } from './DirectoryRow.js'
import { searchAnswerWaitMs, searchStandInGraceMs } from './searchWait.js'
import { listedConnectors, WalletRow } from './WalletRow.js'
import { WalletSearchField } from './WalletSearchField.js'
import { usePrepareWalletConnectOnIntent } from './walletConnectIntent.js'
import { useSelectWallet } from './walletConnectors.js'

const rowHeight = 56
const rowGap = 8
/** Rows a Page Up / Page Down moves: what the 360 px list shows at once. */
const rowsPerScreen = 5
/** The next page is fetched when the list comes this close to its end: half a page ahead (40 per page). */
const prefetchAheadRows = 20

/**
 * @internal
 * Every wallet, virtualised so thousands of directory entries cost a screenful of DOM: the
 * installed and configured wallets first, then the wallet directory (when one is configured),
 * paged 40 at a time, the next page fetched half a page before the end. Search is trimmed and
 * waits 300 ms; then the loaded entries that match stand in for the directory's answer unless it
 * comes within 20 ms (when none match, the rows stay up to 50 ms); an answer that comes by then is
 * listed in one render. The list is one tab stop:
 * arrow keys, Home/End and Page Up/Down move through every row, rendered or not (the focused row
 * is always rendered), and each row tells its position in the whole list (aria-posinset/setsize).
 */
export function AllWalletsView() {
  const { messages } = usePorticoUI('AllWalletsView')
  const { portico, queryClient } = usePortico('AllWalletsView')
  const all = useConnectors()
  const connectors = useMemo(() => listedConnectors(all), [all])
  const walletConnect = connectors.find(pairsRemotely)
  const prepareWalletConnect = usePrepareWalletConnectOnIntent()
  const start = useStartConnection()
  // The typed text lives in <WalletSearchField>: a keystroke re-renders the field alone, and the list
  // only when the query settles (the bench's keystroke -> frame on a slow phone).
  const [query, setQuery] = useState('')
  // The row that holds the list's tab stop (roving tabindex); it moves with the arrow keys.
  const [active, setActive] = useState(0)
  // The query on screen, and a count that a newer commit (or unmounting) bumps, so a search still
  // waiting for its answer is dropped when the user has typed on.
  const shown = useRef(query)
  const commits = useRef(0)
  useEffect(() => () => void commits.current++, [])
  // Whether a search has rows to show before its answer (loaded wallets whose names match); set
  // each render, from what is loaded then.
  const hasStandIns = useRef<(search: string) => boolean>(() => false)
  const commitQuery = useCallback(
    (next: string) => {
      const commit = ++commits.current
      if (next === shown.current) return
      const show = () => {
        if (commit !== commits.current) return
        shown.current = next
        setQuery(next)
        setActive(0)
      }
      if (!next || !isWalletDirectoryEnabled(portico)) return show()
      // The search's request leaves with the commit, not from the effects after the render it
      // causes; the list's own query then finds it in flight, so it is asked once.
      const answered = queryClient.prefetchInfiniteQuery(walletDirectoryInfiniteQueryOptions(portico, { search: next }))
      // Loaded wallets that match stand in for the answer, after a short grace: an answer that comes
      // by then is listed in one render, instead of the stand-ins' render and frame holding the
      // main thread just as it came in and the list changing twice (the bench's search -> answer).
      // With none, the list would only trade its rows for a spinner: it keeps them longer.
      const wait = hasStandIns.current(next) ? searchStandInGraceMs : searchAnswerWaitMs
      let timer: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, wait)
      })
      void Promise.race([answered, waited]).then(() => {
        clearTimeout(timer)
        show()
      })
    },
    [portico, queryClient],
  )

  // The list without a search stays observed while searching: its loaded entries stand in for a
  // search's answer until it arrives, and clearing the search shows it again at once.
  const browse = useWalletDirectory({ search: '' })
  const search = useWalletDirectory({ search: query, enabled: query !== '' })
  const directory = query ? search : browse
  const { rows, total, provisional } = useMemo(
    () =>
      allWalletsRows({
        connectors,
        query,
        search: query ? search.data?.pages : browse.data?.pages,
        browse: browse.data?.pages,
        hasNextPage: directory.hasNextPage,
      }),
    [connectors, query, search.data, browse.data, directory.hasNextPage],
  )
  const more = !provisional && directory.hasNextPage
  // The answer's rows ask for their icons once the frame listing them is painted: asked for in its
  // commit, the icons (SVG documents, parsed on the main thread) came back before that frame and
  // each was parsed ahead of it, ~10 ms apiece at 4× CPU throttling (the bench's search → answer).
  // Per query, so an answer listed without stand-ins first waits for its frame too.
  const answerPainted = usePaintedSince(!provisional, query)
  hasStandIns.current = (search) =>
    allWalletsRows({ connectors, query: search, search: undefined, browse: browse.data?.pages }).rows.length > 0
  const current = Math.min(active, Math.max(0, rows.length - 1))

  const scroller = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const searchInput = useRef<HTMLInputElement>(null)
  const listId = useId()
  // The focused row is rendered even when scrolled out of the window, so focus is never lost.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (current < range.count && !indexes.includes(current)) {
        indexes.push(current)
        indexes.sort((a, b) => a - b)
      }
      return indexes
    },
    [current],
  )
  const virtualizer = useVirtualizer({
    count: rows.length + (more ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight + rowGap,
    overscan: 6,
    initialRect: { width: 320, height: 360 },
    rangeExtractor,
    // Scroll updates render in React's own batch instead of a synchronous flush per scroll event.
    useFlushSync: false,
  })

  // Keyboard moves: the row is rendered (rangeExtractor), scrolled to, then focused.
  const focusRequest = useRef<number | null>(null)
  // A render even when the tab stop does not move (entering the list on the row that has it).
  const [, requestRender] = useReducer((n: number) => n + 1, 0)
  const focusRow = useCallback(
    (index: number) => {
      focusRequest.current = index
      setActive(index)
      requestRender()
      virtualizer.scrollToIndex(index, { align: 'auto' })
    },
    [virtualizer],
  )
  useLayoutEffect(() => {
    const index = focusRequest.current
    if (index === null) return
    const row = list.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)
    if (!row) return
    focusRequest.current = null
    row.focus({ preventScroll: true })
  })
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = rows.length - 1
    const next =
      event.key === 'ArrowDown'
        ? current + 1
        : event.key === 'ArrowUp'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : event.key === 'PageDown'
                ? current + rowsPerScreen
                : event.key === 'PageUp'
                  ? current - rowsPerScreen
                  : undefined
    if (next === undefined) return
    event.preventDefault()
    // Up from the first row goes back to the search field, where the list was entered.
    if (next < 0 && event.key === 'ArrowUp') return searchInput.current?.focus()
    focusRow(Math.max(0, Math.min(last, next)))
  }
  const rowAt = (target: EventTarget): number | undefined => {
    const index = Number((target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'))
    return Number.isInteger(index) && index < rows.length ? index : undefined
  }
  // A row that pairs over WalletConnect, pointed at or focused, readies it (not the list showing:
  // see walletConnectIntent.ts). Typing a search readies nothing.
  const intentAt = (index: number | undefined) => {
    const row = index === undefined ? undefined : rows[index]
    if (row?.kind === 'connector' ? pairsRemotely(row.connectors[0]) : row?.kind === 'directory' && walletConnect)
      prepareWalletConnect()
  }
  // Focus that arrives by click or Tab takes the tab stop with it.
  const onListFocus = (event: FocusEvent<HTMLUListElement>) => {
    const index = rowAt(event.target)
    if (index !== undefined) setActive(index)
    intentAt(index)
  }
  const enterList = useCallback(() => focusRow(current), [focusRow, current])

  // Stable callbacks, so scrolling (which re-renders the virtual list) leaves memoised rows alone.
  // A wallet installed for several namespaces asks which one to connect first (as in Connect).
  const select = useSelectWallet(start)
  // A directory wallet that is not installed pairs over WalletConnect; without it, where to get it.
  const selectDirectory = usePairWithWallet(walletConnect, start)

  // The next page once the list comes within half a page of its end (scrolled or focused there).
  const items = virtualizer.getVirtualItems()
  const lastIndex = items[items.length - 1]?.index ?? 0
  const { isFetchingNextPage, fetchNextPage } = directory
  useEffect(() => {
    if (more && !isFetchingNextPage && lastIndex >= rows.length - prefetchAheadRows) void fetchNextPage()
  }, [more, isFetchingNextPage, fetchNextPage, lastIndex, rows.length])

  return (
    <div data-slot="all-wallets-view" data-query={query} data-provisional={provisional ? '' : undefined}>
      <WalletSearchField
        ref={searchInput}
        query={query}
        onQuery={commitQuery}
        onArrowDown={enterList}
        listId={listId}
      />
      {/* The scroller stays mounted while there is nothing to list (loading, no match): a search
          that matches no loaded wallet empties the list until its answer, and a new scroller then
          made the virtualiser observe and measure it again (a forced layout) in the answer's render
          (the bench's keystroke -> list at 4x). Its fixed height also keeps the modal from jumping. */}
      <div ref={scroller} className={views.scroller}>
        {rows.length === 0 && directory.isFetching ? (
          <div className={views.center}>
            <Spinner size={24} label={messages.loading} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState
            title={query ? messages.noSearchResults(query) : messages.noWalletsTitle}
            body={query ? undefined : messages.noWalletsBody}
          />
        ) : (
          <ul
            ref={list}
            id={listId}
            className={views.virtualList}
            data-scrolling={virtualizer.isScrolling ? '' : undefined}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
            aria-label={messages.walletCount(total)}
            aria-busy={isFetchingNextPage || undefined}
            onKeyDown={onListKeyDown}
            onFocus={onListFocus}
            // A moving pointer, not pointerover: the list appears under a pointer left where the
            // All Wallets row was, and that is no pick (the SDK's loading would land on the search).
            onPointerMove={(event) => intentAt(rowAt(event.target))}
            onPointerDown={(event) => intentAt(rowAt(event.target))}
          >
            {items.map((item) => {
              const row = rows[item.index]
              return (
                <li
                  // By position, not by wallet: a search's answer patches the rows already on
                  // screen (their text, their icon) instead of removing them and creating new
                  // ones, whose style and layout took ~4-7 ms of the answer's frame at 4× CPU
                  // throttling (the bench's search -> answer). Scrolling still adds and drops rows.
                  key={item.index}
                  data-index={row ? item.index : undefined}
                  aria-posinset={row ? item.index + 1 : undefined}
                  aria-setsize={row ? total : undefined}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                    // A row coming into view is laid out on its own, not with the whole list.
                    contain: 'layout style',
                  }}
                >
                  {!row ? (
                    <div className={views.center}>
                      <Spinner size={18} label={messages.loading} />
                    </div>
                  ) : row.kind === 'connector' ? (
                    <WalletRow
                      connectors={row.connectors}
                      onSelect={select}
                      tabIndex={item.index === current ? 0 : -1}
                    />
                  ) : (
                    <DirectoryRow
                      wallet={row.wallet}
                      imageUrl={walletImageUrl(portico, row.wallet.image_id)}
                      deferImage={virtualizer.isScrolling || !answerPainted}
                      onSelect={selectDirectory}
                      tabIndex={item.index === current ? 0 : -1}
                    />
                  )}
                </li>
              )
            })}
          </ul>
        )}
      </div>
      {directory.isError ? <p className={views.muted}>{messages.directoryUnavailable}</p> : null}
    </div>
  )
}
