// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import type { SwapQuote, SwapToken } from '@portico/headless/swap'
import { useSwap } from '@portico/headless/swap/react'
import { useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import { useToasts } from '../../modal/toasts.js'
import { useFormat } from '../../utils/useFormat.js'
import type { SwapText as Text } from './messages.js'
import { QuoteDetails } from './QuoteDetails.js'
import * as swapCss from './swap.css.js'
import { formatUnits } from './swapForm.js'
import { useNativeSymbol, useSwapDraft } from './useSwapDraft.js'

/** The review: what is paid and received, then the approve (when the allowance is short) and swap steps. */
export function SwapReview({ text, tokens }: { text: Text; tokens: readonly SwapToken[] }) {
  const format = useFormat()
  const draft = useSwapDraft(tokens)
  const { from, to, amount, current, fee, needsApproval, update } = draft
  const { modal } = usePorticoUI('SwapView')
  const toasts = useToasts()
  const { nativeSymbol } = useNativeSymbol(tokens)
  const swap = useSwap()
  // Keep the quote the user agreed to on screen while the swap runs (the live one refetches).
  const [agreed, setAgreed] = useState<SwapQuote | undefined>(undefined)
  const quote = (swap.isPending ? agreed : undefined) ?? current

  if (!from || !to || !amount) {
    return (
      <div className={views.center}>
        <EmptyState title={text.swapEnterAmount} />
      </div>
    )
  }
  const paid = format.amount(formatUnits(amount, from.decimals), from.symbol)
  // The market moved below the minimum the user saw: the new figures are being fetched; confirming
  // waits for them, so what is confirmed next is what is on screen.
  const priceChanged = swap.error?.name === 'SwapPriceChangedError'
  const confirm = () => {
    if (!current) return
    setAgreed(current)
    swap.mutate(
      // The minimum on screen is the minimum the chain enforces (or the swap stops and asks again).
      { from: from.address, to: to.address, amount, eip2612: from.eip2612, minimumReceived: current.minimumReceived },
      {
        onSuccess({ received: units }) {
          // What the receipt says arrived, never the quote.
          const received = units === undefined ? to.symbol : format.amount(formatUnits(units, to.decimals), to.symbol)
          toasts.show('success', text.swapSuccess(paid, received))
          update({ amount: '' })
          modal.back()
        },
      },
    )
  }
  const approvalLabel = from.eip2612 ? text.swapStepPermit(from.symbol) : text.swapStepApprove(from.symbol)
  const step = swap.step
  const approvalState =
    step === 'approve' || step === 'permit' ? 'active' : step === 'swap' || swap.data?.approval ? 'done' : 'pending'
  return (
    <div className={swapCss.form} data-slot="swap-review">
      <dl className={swapCss.details}>
        <dt>{text.swapFromLabel}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-review-pay">
          {paid}
        </dd>
        <dt>{text.swapToLabel}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-review-receive">
          {quote ? format.amount(formatUnits(quote.toAmount, to.decimals), to.symbol) : <Spinner size={14} />}
        </dd>
      </dl>
      {quote ? (
        <QuoteDetails text={text} quote={quote} from={from} to={to} fee={fee} nativeSymbol={nativeSymbol} />
      ) : null}
      {needsApproval || step === 'approve' || step === 'permit' ? (
        <ol className={swapCss.steps} data-slot="swap-steps">
          <li className={swapCss.step} data-state={approvalState} data-slot="swap-step-approve">
            {approvalState === 'active' ? (
              <Spinner size={14} />
            ) : approvalState === 'done' ? (
              <Icon name="check" size={14} />
            ) : null}
            {approvalLabel}
          </li>
          <li className={swapCss.step} data-state={step === 'swap' ? 'active' : 'pending'} data-slot="swap-step-swap">
            {step === 'swap' ? <Spinner size={14} /> : null}
            {text.swapStepSwap}
          </li>
        </ol>
      ) : null}
      {swap.isError ? (
        <p className={swapCss.error} role="alert" data-slot="swap-error" data-error={swap.error.name}>
          {priceChanged
            ? text.swapPriceChanged
            : swap.error.name === 'SwapMinimumNotMetError'
              ? text.swapMinimumNotMet
              : swap.error.shortMessage}
        </p>
      ) : null}
      <button
        type="button"
        className={css.button({ size: 'lg' })}
        disabled={swap.isPending || !current || (priceChanged && draft.quote.isFetching)}
        onClick={confirm}
        data-slot="swap-confirm"
        data-state={swap.isPending ? 'pending' : swap.isError ? 'error' : 'idle'}
      >
        {swap.isPending ? (
          <>
            <Spinner size={16} />
            {text.swapConfirmInWallet}
          </>
        ) : swap.isError ? (
          text.swapTryAgain
        ) : needsApproval ? (
          text.swapApproveAndSwap(from.symbol)
        ) : (
          text.swapConfirm
        )}
      </button>
    </div>
  )
}
