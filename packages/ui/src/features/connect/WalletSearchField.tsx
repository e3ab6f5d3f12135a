import { normalizeSearch } from '@portico/headless/internal'
import { forwardRef, memo, useEffect, useRef, useState } from 'react'
import { Icon } from '../../components/Icon.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { keystrokeAt, searchWaitMs } from './searchWait.js'

/**
 * @internal
 * All Wallets' search box. It owns the typed text, so a keystroke renders this field alone; the trimmed,
 * normalised query reaches the list 300 ms after the last keystroke (spec). Arrow Down enters the list.
 */
export const WalletSearchField = memo(
  forwardRef<HTMLInputElement, { query: string; onQuery(query: string): void; onArrowDown(): void; listId: string }>(
    function SearchField({ query, onQuery, onArrowDown, listId }, ref) {
      const { messages } = usePorticoUI('AllWalletsView')
      const [input, setInput] = useState(query)
      // When the last keystroke happened (its event's timestamp, on performance.now()'s clock).
      const typedAt = useRef<number | undefined>(undefined)
      // The last keydown's timestamp, until an input pairs with it (see keystrokeAt).
      const keyDownAt = useRef<number | undefined>(undefined)
      useEffect(() => {
        const next = normalizeSearch(input)
        // Typed back to what is listed: a search still waiting for its answer is dropped.
        if (next === query) return onQuery(next)
        const timer = setTimeout(() => onQuery(next), searchWaitMs(typedAt.current, performance.now()))
        return () => clearTimeout(timer)
      }, [input, query, onQuery])
      return (
        <label className={views.search}>
          <Icon name="search" size={18} />
          <input
            ref={ref}
            className={views.searchInput}
            type="search"
            value={input}
            onChange={(event) => {
              typedAt.current = keystrokeAt(keyDownAt.current, event.timeStamp)
              keyDownAt.current = undefined
              setInput(event.target.value)
            }}
            onKeyDown={(event) => {
              keyDownAt.current = event.timeStamp
              if (event.key !== 'ArrowDown') return
              event.preventDefault()
              onArrowDown()
            }}
            placeholder={messages.searchPlaceholder}
            aria-label={messages.searchLabel}
            aria-controls={listId}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      )
    },
  ),
)
