import { useConnection } from '@portico/headless'
import { useSwapTokens } from '@portico/headless/swap/react'
import { EmptyState } from '../../components/EmptyState.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import type { ViewEntry, ViewEntryOf } from '../../modal/views.js'
import type { SwapText as Text } from './messages.js'
import { swapMessages } from './messages.js'
import { SwapFormStep } from './SwapFormStep.js'
import { SwapReview } from './SwapReview.js'
import { SwapTokenList } from './SwapTokenList.js'

/**
 * @internal The swap flow: the form (`data.step` unset), the token lists (`selectFrom`,
 * `selectTo`) and the review with the approve and swap steps (`review`), each its own history
 * entry so the header's back button walks the flow. A host opens it prefilled with
 * `open({ view: 'Swap', data: { fromToken, toToken, amount } })`.
 */
export function SwapView({ data }: ViewEntryOf<'Swap'>) {
  const text = useFeatureMessages(swapMessages)
  const { modal, messages } = usePorticoUI('SwapView')
  const tokens = useSwapTokens()
  const connection = useConnection()
  if (!text) return <ViewLoading />
  if (!connection.isConnected) {
    return (
      <div className={views.center} data-slot="swap-unavailable">
        <button type="button" className={css.button()} onClick={() => modal.push({ view: 'Connect' })}>
          {messages.connectWallet}
        </button>
      </div>
    )
  }
  if (tokens.isError) {
    // The spec's 'Network not supported for Swaps' (or the service's failure, or swaps off with the
    // blockchain API), from the typed error; only the first is helped by switching networks.
    const error = tokens.error as Error & { shortMessage?: string }
    const body = error.name === 'SwapNetworkNotSupportedError' ? text.swapUnsupportedBody : undefined
    return (
      <div className={views.center} data-slot="swap-unavailable">
        <EmptyState title={error.shortMessage ?? error.message} body={body} />
        {'status' in error ? (
          <button type="button" className={css.button({ variant: 'secondary' })} onClick={() => void tokens.refetch()}>
            {text.swapTryAgain}
          </button>
        ) : null}
      </div>
    )
  }
  if (!tokens.data) return <ViewLoading />
  if (data?.step === 'selectFrom' || data?.step === 'selectTo')
    return <SwapTokenList text={text} tokens={tokens.data} side={data.step === 'selectFrom' ? 'from' : 'to'} />
  if (data?.step === 'review') return <SwapReview text={text} tokens={tokens.data} />
  return <SwapFormStep text={text} tokens={tokens.data} />
}

SwapView.featureTitle = {
  messages: swapMessages,
  title: (text: Text, entry: ViewEntry) => {
    const step = entry.view === 'Swap' ? entry.data?.step : undefined
    return step === 'review' ? text.swapReviewTitle : step ? text.swapSelectTokenTitle : text.swapTitle
  },
} satisfies FeatureTitle
