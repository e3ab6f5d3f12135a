import { truncateAddress } from '@portico/headless'
import type { Transaction } from '@portico/headless/activity'
import { useTransactions } from '@portico/headless/activity/react'
import { Avatar } from '../../components/Avatar.js'
import { EmptyState } from '../../components/EmptyState.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useFormat } from '../../utils/useFormat.js'
import { AccountNameSlot } from '../names/AccountNameSlot.js'
import { activityMessages } from './messages.js'
import { RetryButton } from './RetryButton.js'

/** @internal The Activity tab: the account's transactions on the active network, paged. */
export function ActivityList() {
  const { messages } = usePorticoUI('ActivityList')
  const history = useTransactions()
  const text = useFeatureMessages(activityMessages)
  if (!text || (history.isPending && history.fetchStatus !== 'idle'))
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
        <ActivityRow key={transaction.id} transaction={transaction} label={text.operationType} />
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

function ActivityRow({ transaction, label }: { transaction: Transaction; label: (type: string) => string }) {
  const format = useFormat()
  const { metadata } = transaction
  const transfers = transaction.transfers ?? []
  const transfer = transfers[0]
  const type = metadata.operationType ?? (transfer?.direction === 'in' ? 'receive' : 'send')
  // A trade shows both legs: what came in, and below it what went out, signed as money in
  // ('receive') and out ('withdraw') are in every locale.
  const trade =
    type === 'trade'
      ? {
          in: transfers.find((t) => t.direction === 'in'),
          out: transfers.find((t) => t.direction === 'out'),
        }
      : undefined
  const symbolOf = (t: typeof transfer) => t?.fungible_info?.symbol ?? ''
  const symbol = symbolOf(trade?.in ?? transfer)
  // A mint has no counterparty worth naming (the zero address); a trade names its pair.
  const counterparty =
    type === 'mint' ? '' : type === 'receive' ? metadata.sentFrom : type === 'trade' ? '' : metadata.sentTo
  // The counterparty as a person sees an account: its profile name and picture (EVM, as activity
  // is), else its short address and generated avatar.
  const detail =
    trade?.in && trade.out ? (
      `${symbolOf(trade.out)} → ${symbolOf(trade.in)}`
    ) : counterparty ? (
      <span data-slot="activity-counterparty" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <AccountNameSlot address={counterparty} fallback={<Avatar address={counterparty} size={14} />} avatar={14} />
        <AccountNameSlot address={counterparty} fallback={truncateAddress(counterparty)} />
      </span>
    ) : (
      ''
    )
  return (
    <li className={css.row} data-slot="activity-row" data-type={type}>
      <PorticoImage
        src={(trade?.in ?? transfer)?.fungible_info?.icon?.url}
        name={symbol || type}
        size={36}
        radius="full"
      />
      <span className={css.rowLabel}>
        {label(type)}
        <span className={css.rowMeta} style={{ display: 'block' }}>
          {detail}
          {detail ? ' · ' : ''}
          {format.relativeTime(metadata.minedAt)}
        </span>
      </span>
      {trade ? (
        <span className={views.amount}>
          {trade.in?.quantity ? (
            <span data-slot="activity-in">
              {format.isolate(`${format.signedAmount('receive', trade.in.quantity.numeric)} ${symbolOf(trade.in)}`)}
            </span>
          ) : null}
          {trade.out?.quantity ? (
            <span className={css.rowMeta} style={{ display: 'block' }} data-slot="activity-out">
              {format.isolate(`${format.signedAmount('withdraw', trade.out.quantity.numeric)} ${symbolOf(trade.out)}`)}
            </span>
          ) : null}
        </span>
      ) : (
        <span className={views.amount}>
          {transfer?.quantity
            ? format.isolate(`${format.signedAmount(type, transfer.quantity.numeric)} ${symbol}`)
            : ''}
        </span>
      )}
    </li>
  )
}
