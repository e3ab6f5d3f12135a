// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import type { SwapQuote, SwapToken } from '@portico/headless/swap'
import { useFormat } from '../../utils/useFormat.js'
import type { SwapText as Text } from './messages.js'
import * as swapCss from './swap.css.js'
import { formatUnits } from './swapForm.js'

/** A price impact above this many percent is flagged. */
const highPriceImpact = 5

/** The quote's rate, price impact (flagged when high), slippage, minimum received and network fee. */
export function QuoteDetails({
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
  // A rate under the shown precision (balances show 3 decimals: 1 USDC = 0.000328 ETH would read
  // '1 USDC = 0 ETH') is quoted the other way round, whole `to` in units of `from`.
  const inverse =
    rate * 1000n < 10n ** BigInt(to.decimals) && quote.toAmount > 0n
      ? (quote.fromAmount * 10n ** BigInt(to.decimals)) / quote.toAmount
      : undefined
  const impact = quote.priceImpact
  return (
    <>
      <dl className={swapCss.details} data-slot="swap-details">
        <dt>{text.swapRate}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-rate">
          {format.isolate(
            inverse === undefined
              ? `1 ${from.symbol} = ${format.balance(formatUnits(rate, to.decimals))} ${to.symbol}`
              : `1 ${to.symbol} = ${format.balance(formatUnits(inverse, from.decimals))} ${from.symbol}`,
          )}
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
            : format.isolate(
                `≈ ${Number(formatUnits(fee, 18)).toLocaleString(format.locale, { maximumSignificantDigits: 3 })} ${nativeSymbol}`,
              )}
        </dd>
        <dt>{text.swapSlippage}</dt>
        <dd className={swapCss.detailValue}>{quote.slippage}%</dd>
        <dt>{text.swapMinimumReceived}</dt>
        <dd className={swapCss.detailValue} data-slot="swap-minimum-received">
          {format.amount(formatUnits(quote.minimumReceived, to.decimals), to.symbol)}
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
