import { type TokenBalance, useBalance, useConnection } from '@portico/headless'
// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import { isAllowanceSufficient, type SwapQuote, type SwapToken, swapSlippage } from '@portico/headless/swap'
import { useSwap, useSwapAllowance, useSwapGasPrice, useSwapQuote, useSwapTokens } from '@portico/headless/swap/react'
import { useState } from 'react'
import { EmptyState } from '../../components/EmptyState.js'
import { Icon } from '../../components/Icon.js'
import { PorticoImage } from '../../components/PorticoImage.js'
import * as css from '../../components/primitives.css.js'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/featureMessages.js'
import type { FeatureTitle } from '../../modal/featureTitle.js'
import { useToasts } from '../../modal/toasts.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { ViewEntry, ViewEntryOf } from '../../modal/views.js'
import { useFormat } from '../../utils/useFormat.js'
import { swapMessages } from './messages.js'
import * as swapCss from './swap.css.js'
import {
  formatUnits,
  isNativeSwapToken,
  parseUnits,
  resolveSwapToken,
  sanitizeAmount,
  useSwapForm,
} from './swapForm.js'

type Text = Catalogue<typeof import('./messages.js').swapEn>

/** Gas of a Uniswap V2 swap and of an ERC20 approve, for the fee shown before the wallet prices it. */
const swapGas = 150_000n
const approveGas = 50_000n
/** A price impact above this many percent is flagged. */
const highPriceImpact = 5

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
    // The spec's 'Network not supported for Swaps' (or the service's failure), from the typed error.
    const error = tokens.error as Error & { shortMessage?: string }
    return (
      <div className={views.center} data-slot="swap-unavailable">
        <EmptyState title={error.shortMessage ?? error.message} body={text.swapUnsupportedBody} />
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
    return <TokenList text={text} tokens={tokens.data} side={data.step === 'selectFrom' ? 'from' : 'to'} />
  if (data?.step === 'review') return <Review text={text} tokens={tokens.data} />
  return <Form text={text} tokens={tokens.data} />
}

SwapView.featureTitle = {
  messages: swapMessages,
  title: (text: Text, entry: ViewEntry) => {
    const step = entry.view === 'Swap' ? entry.data?.step : undefined
    return step === 'review' ? text.swapReviewTitle : step ? text.swapSelectTokenTitle : text.swapTitle
  },
} satisfies FeatureTitle

const bare = (address: string | undefined) => address?.split(':').at(-1)?.toLowerCase()

function balanceOf(balances: readonly TokenBalance[] | undefined, token: SwapToken | undefined) {
  if (!balances || !token) return undefined
  if (isNativeSwapToken(token)) return balances.find((b) => !b.address)
  return balances.find((b) => bare(b.address) === bare(token.address))
}

function toUnits(amount: string, decimals: number): bigint | undefined {
  return parseUnits(amount, decimals)
}

/** The live form state shared by the form and the review: tokens, amounts, quote, fee. */
function useSwapDraft(tokens: readonly SwapToken[]) {
  const { form, update } = useSwapForm()
  const from = resolveSwapToken(tokens, form.from) ?? (form.from ? undefined : tokens.find(isNativeSwapToken))
  const to = resolveSwapToken(tokens, form.to)
  const balances = useBalance()
  const fromBalance = balanceOf(balances.data, from)
  const toBalance = balanceOf(balances.data, to)
  const amount = from ? toUnits(form.amount, from.decimals) : undefined
  // A zero balance is a balance: anything typed is then more than it.
  const available = from && fromBalance ? (toUnits(fromBalance.quantity.numeric, from.decimals) ?? 0n) : undefined
  const quote = useSwapQuote({ from: from?.address, to: to?.address, amount })
  const gas = useSwapGasPrice()
  // A token (not the native currency) is spent through an allowance.
  const spendsToken = from !== undefined && !isNativeSwapToken(from)
  const allowance = useSwapAllowance({ tokenAddress: spendsToken ? from.address : undefined })
  // A token's review lists the approve step only once its allowance is known: until then the
  // review would offer a plain swap that then asks for an approval nobody was shown.
  const allowanceKnown = !spendsToken || allowance.data !== undefined
  const needsApproval =
    spendsToken &&
    amount !== undefined &&
    allowance.data !== undefined &&
    !isAllowanceSufficient(allowance.data, amount)
  const fee = gas.data ? gas.data.standard * (swapGas + (needsApproval ? approveGas : 0n)) : undefined
  // The shown quote must be for what is typed now, not a previous amount still on screen.
  const current =
    quote.data && !quote.isDebouncing && quote.data.fromAmount === amount && bare(quote.data.to) === bare(to?.address)
      ? quote.data
      : undefined
  return {
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
    needsApproval,
  }
}

function Form({ text, tokens }: { text: Text; tokens: readonly SwapToken[] }) {
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
          <output className={swapCss.amountInput} data-slot="swap-to-amount" aria-live="polite">
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

function useNativeSymbol(tokens: readonly SwapToken[]) {
  return { nativeSymbol: tokens.find(isNativeSwapToken)?.symbol ?? 'ETH' }
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
          <PorticoImage src={token.logoUri} name={token.symbol} size={20} radius="full" />
          {token.symbol}
        </>
      ) : (
        text.swapSelectToken
      )}
      <Icon name="chevron" size={14} />
    </button>
  )
}

function QuoteDetails({
  text,
  quote,
  from,
  to,
  fee,
  nativeSymbol,
}: {
  text: Text
  quote: SwapQuote
  from: SwapToken
  to: SwapToken
  fee: bigint | undefined
  nativeSymbol: string
}) {
  const format = useFormat()
  // Units of `to` per whole `from`, kept in integers until the end.
  const rate = quote.fromAmount > 0n ? (quote.toAmount * 10n ** BigInt(from.decimals)) / quote.fromAmount : 0n
  const impact = quote.priceImpact
  return (
    <>
      <dl className={swapCss.details} data-slot="swap-details">
        <dt>{text.swapRate}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-rate">
          1 {from.symbol} = {format.balance(formatUnits(rate, to.decimals))} {to.symbol}
        </dd>
        <dt>{text.swapPriceImpact}</dt>
        <dd
          className={swapCss.detailValue}
          data-slot="swap-price-impact"
          data-state={impact !== undefined && impact > highPriceImpact ? 'high' : undefined}
        >
          {impact === undefined ? '—' : `${format.tokenValue(String(impact))}%`}
        </dd>
        <dt>{text.swapNetworkFee}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-network-fee">
          {fee === undefined
            ? '—'
            : `≈ ${Number(formatUnits(fee, 18)).toLocaleString(format.locale, { maximumSignificantDigits: 3 })} ${nativeSymbol}`}
        </dd>
        <dt>{text.swapSlippage}</dt>
        <dd className={swapCss.detailValue}>{quote.slippage ?? swapSlippage}%</dd>
        <dt>{text.swapMinimumReceived}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-minimum-received">
          {format.balance(formatUnits(quote.minimumReceived, to.decimals))} {to.symbol}
        </dd>
      </dl>
      {impact !== undefined && impact > highPriceImpact ? (
        <p className={swapCss.error} data-slot="swap-high-impact">
          {text.swapHighPriceImpact}
        </p>
      ) : null}
    </>
  )
}

function TokenList({ text, tokens, side }: { text: Text; tokens: readonly SwapToken[]; side: 'from' | 'to' }) {
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
              <PorticoImage src={token.logoUri} name={token.symbol} size={36} radius="full" />
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

function Review({ text, tokens }: { text: Text; tokens: readonly SwapToken[] }) {
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
  const paid = `${format.balance(formatUnits(amount, from.decimals))} ${from.symbol}`
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
          const received =
            units === undefined ? to.symbol : `${format.balance(formatUnits(units, to.decimals))} ${to.symbol}`
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
          {quote ? `${format.balance(formatUnits(quote.toAmount, to.decimals))} ${to.symbol}` : <Spinner size={14} />}
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
