import { truncateAddress } from '@portico/headless'
import type { Transaction } from '@portico/headless/activity'
import { useTransactions } from '@portico/headless/activity/react'
import { EmptyState } from '../../components/EmptyState.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFormat } from '../../utils/useFormat.js'
import { RetryButton } from './RetryButton.js'

/** @internal The Activity tab: the account's transactions on the active network, paged. */
export function ActivityList() {
  const { messages } = usePorticoUI('ActivityList')
  const history = useTransactions()
  if (history.isPending && history.fetchStatus !== 'idle')
    return (
      <div className={views.center}>
        <Spinner size={24} label={messages.loading} />
      </div>
    )
  // Spec: an error leaves the list empty, with the message.
  if (history.isError)
    return (
      <div className={views.center} data-slot="activity-error">
        <EmptyState title={messages.activityFailed} />
        <RetryButton slot="retry-activity" onRetry={() => void history.refetch()} />
      </div>
    )
  const transactions = history.data?.pages.flatMap((page) => page.data) ?? []
  if (transactions.length === 0) return <EmptyState title={messages.noActivity} body={messages.noActivityBody} />
  return (
    <ul className={views.list} aria-label={messages.tabActivity} data-slot="activity-list">
      {transactions.map((transaction) => (
        <ActivityRow key={transaction.id} transaction={transaction} />
      ))}
      {history.hasNextPage ? (
        <li>
          <button
            type="button"
            className={css.button({ variant: 'secondary', size: 'sm' })}
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {messages.loadMore}
          </button>
        </li>
      ) : null}
    </ul>
  )
}

function ActivityRow({ transaction }: { transaction: Transaction }) {
  const { messages } = usePorticoUI('ActivityRow')
  const format = useFormat()
  const { metadata } = transaction
  const transfer = transaction.transfers?.[0]
  const type = metadata.operationType ?? (transfer?.direction === 'in' ? 'receive' : 'send')
  const symbol = transfer?.fungible_info?.symbol ?? ''
  const counterparty = type === 'receive' ? metadata.sentFrom : metadata.sentTo
  return (
    <li className={css.row} data-slot="activity-row" data-type={type}>
      <PorticoImage src={transfer?.fungible_info?.icon?.url} name={symbol || type} size={36} radius="full" />
      <span className={css.rowLabel}>
        {messages.operationType(type)}
        <span className={css.rowMeta} style={{ display: 'block' }}>
          {counterparty ? truncateAddress(counterparty) : ''} · {format.relativeTime(metadata.minedAt)}
        </span>
      </span>
      <span className={views.amount}>
        {transfer?.quantity ? `${format.signedAmount(type, transfer.quantity.numeric)} ${symbol}` : ''}
      </span>
    </li>
  )
}
