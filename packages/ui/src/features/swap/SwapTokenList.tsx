import { useBalance } from '@portico/headless'
// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import type { SwapToken } from '@portico/headless/swap'
import { useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFormat } from '../../utils/useFormat.js'
import type { SwapText as Text } from './messages.js'
import { isNativeSwapToken, resolveSwapToken, swapTokenImage, useSwapForm } from './swapForm.js'
import { balanceOf, bare } from './useSwapDraft.js'

/** The token list of one side of the swap, searchable; picking the other side's token flips the pair. */
export function SwapTokenList({
  text,
  tokens,
  side,
}: {
  text: Text
  tokens: readonly SwapToken[]
  side: 'from' | 'to'
}) {
  const format = useFormat()
  const { modal } = usePorticoUI('SwapView')
  const { form, update } = useSwapForm()
  const balances = useBalance()
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown = tokens.filter(
    (t) =>
      !query ||
      t.symbol.toLowerCase().includes(query) ||
      t.name.toLowerCase().includes(query) ||
      bare(t.address) === bare(query),
  )
  const pick = (token: SwapToken) => {
    const other = side === 'from' ? form.to : form.from
    const otherToken = resolveSwapToken(tokens, other) ?? (side === 'to' ? tokens.find(isNativeSwapToken) : undefined)
    // Picking the token of the other side swaps the two, as a flip would.
    const flipped = bare(otherToken?.address) === bare(token.address)
    const native = tokens.find(isNativeSwapToken)?.address
    update(
      side === 'from'
        ? { from: token.address, to: flipped ? (form.from ?? native) : form.to }
        : { to: token.address, from: flipped ? form.to : (form.from ?? native) },
    )
    modal.back()
  }
  return (
    <div data-slot="swap-token-list">
      <label className={views.search}>
        <Icon name="search" size={16} />
        <input
          className={views.searchInput}
          placeholder={text.swapSearchToken}
          aria-label={text.swapSearchToken}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-slot="swap-token-search"
        />
      </label>
      <div className={views.list}>
        {shown.length === 0 ? <EmptyState title={text.swapNoTokens} /> : null}
        {shown.map((token) => {
          const balance = balanceOf(balances.data, token)
          return (
            <button
              key={token.address}
              type="button"
              className={css.row}
              onClick={() => pick(token)}
              data-slot="swap-token-row"
              data-symbol={token.symbol}
            >
              <PorticoImage {...swapTokenImage(token)} name={token.symbol} size={36} radius="full" />
              <span className={css.rowLabel}>
                {token.name}
                <span className={css.rowMeta} style={{ display: 'block' }}>
                  {token.symbol}
                </span>
              </span>
              <span className={views.amount}>{balance ? format.balance(balance.quantity.numeric) : ''}</span>
            </button>
          )
        })}
      </div>
    </div>
  )
}
