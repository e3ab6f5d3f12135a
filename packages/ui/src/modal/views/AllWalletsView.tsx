import { normalizeSearch, type SortedConnector, useConnectors } from '@portico/headless'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { usePorticoUI } from '../../context.js'
import * as views from './views.css.js'
import { WalletRow } from './WalletRow.js'

/** Spec section 9: search waits at least 300 ms after the last keystroke. */
export const searchMinimumWaitMs = 300
const rowHeight = 56
const rowGap = 8

/**
 * @internal
 * Every wallet, virtualised so thousands of directory entries cost a screenful of DOM. Lists the
 * installed and configured wallets; directory paging plugs in with the directory client.
 */
export function AllWalletsView() {
  const { store, messages } = usePorticoUI('AllWalletsView')
  const connectors = useConnectors()
  const [input, setInput] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const next = normalizeSearch(input)
    if (next === query) return
    const timer = setTimeout(() => setQuery(next), searchMinimumWaitMs)
    return () => clearTimeout(timer)
  }, [input, query])

  const results = useMemo(() => {
    const needle = query.toLowerCase()
    return needle ? connectors.filter((c) => c.name.toLowerCase().includes(needle)) : connectors
  }, [connectors, query])

  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight + rowGap,
    overscan: 6,
    initialRect: { width: 320, height: 360 },
  })
  const select = (connector: SortedConnector) => store.push('ConnectingExternal', { uid: connector.uid })

  return (
    <div data-slot="all-wallets-view" data-query={query}>
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
      {results.length === 0 ? (
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
            {virtualizer.getVirtualItems().map((item) => {
              const connector = results[item.index] as SortedConnector
              return (
                <li
                  key={connector.uid}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <WalletRow connector={connector} onSelect={select} />
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </div>
  )
}
