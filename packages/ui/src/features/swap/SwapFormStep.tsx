// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import type { SwapToken } from '@portico/headless/swap'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import { usePorticoUI } from '../../context.js'
import { useFormat } from '../../utils/useFormat.js'
import type { SwapText as Text } from './messages.js'
import { QuoteDetails } from './QuoteDetails.js'
import * as swapCss from './swap.css.js'
import { formatUnits, isNativeSwapToken, sanitizeAmount, swapTokenImage } from './swapForm.js'
import { useNativeSymbol, useSwapDraft } from './useSwapDraft.js'

/** The swap form: what to pay and receive, the live quote, and the review button once it can be priced. */
export function SwapFormStep({ text, tokens }: { text: Text; tokens: readonly SwapToken[] }) {
  const format = useFormat()
  const { modal } = usePorticoUI('SwapView')
  const {
    update,
    form,
    from,
    to,
    fromBalance,
    toBalance,
    amount,
    available,
    quote,
    allowance,
    allowanceKnown,
    current,
    fee,
  } = useSwapDraft(tokens)
  const { nativeSymbol } = useNativeSymbol(tokens)
  const insufficient = amount !== undefined && available !== undefined && amount > available
  const gasReserve = fee ?? 0n

  const setMax = () => {
    if (!from || available === undefined) return
    // The native currency also pays the network fee: keep it back.
    const max = isNativeSwapToken(from) ? (available > gasReserve ? available - gasReserve : 0n) : available
    update({ amount: formatUnits(max, from.decimals) })
  }
  const flip = () =>
    update({
      from: to?.address,
      to: from?.address,
      amount: current && to ? formatUnits(current.toAmount, to.decimals) : form.amount,
    })

  // `failed`: the request whose error is shown, and which Try again repeats.
  let action: { label: string; enabled: boolean; state: string; failed?: typeof quote | typeof allowance }
  if (!to) action = { label: text.swapSelectToken, enabled: false, state: 'select-token' }
  else if (!amount) action = { label: text.swapEnterAmount, enabled: false, state: 'enter-amount' }
  else if (insufficient) action = { label: text.swapInsufficientBalance, enabled: false, state: 'insufficient' }
  else if (quote.isError && !quote.isFetching)
    action = { label: text.swapQuoteUnavailable, enabled: false, state: 'quote-error', failed: quote }
  else if (!allowanceKnown && allowance.isError && !allowance.isFetching)
    action = { label: text.swapQuoteUnavailable, enabled: false, state: 'allowance-error', failed: allowance }
  else if (!current || !allowanceKnown) action = { label: text.swapGettingQuote, enabled: false, state: 'quoting' }
  else action = { label: text.swapReview, enabled: true, state: 'ready' }

  return (
    <div className={swapCss.form} data-slot="swap-view">
      <fieldset className={swapCss.panel} aria-labelledby="portico-swap-from">
        <div className={swapCss.panelRow}>
          <span id="portico-swap-from" className={swapCss.label}>
            {text.swapFromLabel}
          </span>
          {fromBalance ? (
            <span className={swapCss.label} data-slot="swap-from-balance">
              {text.swapBalance(format.balance(fromBalance.quantity.numeric))}
              <button type="button" className={swapCss.max} onClick={setMax} data-slot="swap-max">
                {text.swapMax}
              </button>
            </span>
          ) : null}
        </div>
        <div className={swapCss.panelRow}>
          <input
            className={swapCss.amountInput}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={text.swapAmount}
            aria-invalid={insufficient || undefined}
            data-state={insufficient ? 'invalid' : undefined}
            data-slot="swap-amount"
            value={form.amount}
            onChange={(event) => update({ amount: sanitizeAmount(event.target.value) })}
          />
          <TokenButton
            text={text}
            token={from}
            slot="swap-from-token"
            onClick={() => modal.push({ view: 'Swap', data: { step: 'selectFrom' } })}
          />
        </div>
      </fieldset>
      <div className={swapCss.flipRow}>
        <button
          type="button"
          className={`${css.iconButton} ${swapCss.flip}`}
          aria-label={text.swapFlip}
          onClick={flip}
          disabled={!to}
          data-slot="swap-flip"
        >
          <Icon name="chevron" size={16} />
        </button>
      </div>
      <fieldset className={swapCss.panel} aria-labelledby="portico-swap-to">
        <div className={swapCss.panelRow}>
          <span id="portico-swap-to" className={swapCss.label}>
            {text.swapToLabel}
          </span>
          {toBalance ? (
            <span className={swapCss.label}>{text.swapBalance(format.balance(toBalance.quantity.numeric))}</span>
          ) : null}
        </div>
        <div className={swapCss.panelRow}>
          <output
            className={swapCss.amountInput}
            data-slot="swap-to-amount"
            aria-live="polite"
            // The quote for what is typed is on its way (the typing pause, then the request): its
            // details will grow the view and move the buttons, so the view is not whole until it
            // is in (`PartPending`'s marker). A refresh of a shown quote moves nothing.
            data-pending={!current && amount && to && (quote.isDebouncing || quote.isFetching) ? '' : undefined}
          >
            {current && to ? (
              format.balance(formatUnits(current.toAmount, to.decimals))
            ) : amount && to && quote.isFetching ? (
              <Spinner size={18} label={text.swapGettingQuote} />
            ) : (
              '0'
            )}
          </output>
          <TokenButton
            text={text}
            token={to}
            slot="swap-to-token"
            onClick={() => modal.push({ view: 'Swap', data: { step: 'selectTo' } })}
          />
        </div>
      </fieldset>
      {current && from && to ? (
        <QuoteDetails text={text} quote={current} from={from} to={to} fee={fee} nativeSymbol={nativeSymbol} />
      ) : null}
      {action.failed ? (
        <p className={swapCss.error} role="alert" data-slot="swap-quote-error">
          {(action.failed.error as (Error & { shortMessage?: string }) | null)?.shortMessage}{' '}
          <button type="button" className={swapCss.max} onClick={() => void action.failed?.refetch()}>
            {text.swapTryAgain}
          </button>
        </p>
      ) : null}
      <button
        type="button"
        className={css.button({ size: 'lg' })}
        disabled={!action.enabled}
        data-slot="swap-action"
        data-state={action.state}
        onClick={() => modal.push({ view: 'Swap', data: { step: 'review' } })}
      >
        {action.label}
      </button>
    </div>
  )
}

function TokenButton({
  text,
  token,
  slot,
  onClick,
}: {
  text: Text
  token: SwapToken | undefined
  slot: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={`${css.button({ variant: token ? 'secondary' : 'primary', size: 'sm' })} ${swapCss.tokenButton}`}
      onClick={onClick}
      data-slot={slot}
    >
      {token ? (
        <>
          <PorticoImage {...swapTokenImage(token)} name={token.symbol} size={20} radius="full" />
          {token.symbol}
        </>
      ) : (
        text.swapSelectToken
      )}
      <Icon name="chevron" size={14} />
    </button>
  )
}
