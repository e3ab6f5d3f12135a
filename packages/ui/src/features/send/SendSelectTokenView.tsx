import { type TokenBalance, useBalance } from '@portico/headless'
import { useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { tokenImage } from '../../components/marks.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import { useFormat } from '../../utils/useFormat.js'
import { sendMessages } from './messages.js'
import { useSendForm } from './sendForm.js'

/** @internal Picks the token to send from the account's balances (icon, amount, value). */
export function SendSelectTokenView() {
  const { modal } = usePorticoUI('SendSelectTokenView')
  const text = useFeatureMessages(sendMessages)
  const format = useFormat()
  const balance = useBalance()
  const form = useSendForm()
  const [query, setQuery] = useState('')
  if (!text) return <ViewLoading />
  const needle = query.trim().toLowerCase()
  const tokens = (balance.data ?? []).filter(
    (token) =>
      // Spec: balances with decimals '0' are low quality; a token of no decimals cannot be split either.
      token.quantity.decimals !== '0' &&
      (!needle ||
        token.symbol.toLowerCase().includes(needle) ||
        token.name.toLowerCase().includes(needle) ||
        token.address?.toLowerCase() === needle),
  )
  const pick = (token: TokenBalance) => {
    form.set({ token })
    modal.back()
  }
  return (
    <div data-slot="send-select-token-view">
      <label className={views.search}>
        <Icon name="search" size={18} />
        <input
          className={views.searchInput}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={text.sendSearchToken}
          aria-label={text.sendSearchToken}
          data-slot="send-token-search"
        />
      </label>
      {balance.isPending && balance.fetchStatus !== 'idle' ? (
        <div className={views.center}>
          <Spinner size={24} />
        </div>
      ) : tokens.length === 0 ? (
        <EmptyState title={text.sendNoTokens} />
      ) : (
        <ul className={views.list} aria-label={text.sendSelectTokenTitle}>
          {tokens.map((token) => {
            const selected = form.token?.chainId === token.chainId && form.token?.address === token.address
            return (
              <li key={token.address ?? 'native'}>
                <button
                  type="button"
                  className={css.row}
                  onClick={() => pick(token)}
                  aria-current={selected ? 'true' : undefined}
                  data-state={selected ? 'active' : undefined}
                  data-slot="send-token-option"
                >
                  <PorticoImage {...tokenImage(token)} name={token.symbol || token.name} size={36} radius="full" />
                  <span className={css.rowLabel}>
                    {token.name}
                    <span className={css.rowMeta} style={{ display: 'block' }}>
                      {token.symbol}
                    </span>
                  </span>
                  <span className={views.amount}>
                    {format.balance(token.quantity.numeric)}
                    {token.value !== undefined ? (
                      <span className={css.rowMeta} style={{ display: 'block' }}>
                        {format.currency(token.value)}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

SendSelectTokenView.featureTitle = {
  messages: sendMessages,
  title: (text: Catalogue<typeof sendMessages.en>) => text.sendSelectTokenTitle,
} satisfies FeatureTitle
