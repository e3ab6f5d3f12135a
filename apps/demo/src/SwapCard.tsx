// A swap built on the @portico/headless swap hooks alone (no @portico/ui): token list, debounced
// live quote with the minimum received, allowance, and the approve-or-permit-then-swap mutation.
import { formatBalance } from '@portico/headless'
import { nativeSwapTokenAddress } from '@portico/headless/swap'
import { useSwap, useSwapAllowance, useSwapQuote, useSwapTokens } from '@portico/headless/swap/react'
import { useState } from 'react'
import { formatUnits, parseUnits } from 'viem'

const stepText = {
  allowance: 'Checking the allowance…',
  approve: 'Approve the token in your wallet…',
  permit: 'Sign the permit in your wallet…',
  swap: 'Confirm the swap in your wallet…',
} as const

function toUnits(amount: string, decimals: number): bigint | undefined {
  try {
    return amount ? parseUnits(amount, decimals) : undefined
  } catch {
    return undefined
  }
}

export function SwapCard() {
  const tokens = useSwapTokens()
  const [fromAddress, setFrom] = useState<string>()
  const [toAddress, setTo] = useState<string>()
  const [amount, setAmount] = useState('')
  const list = tokens.data ?? []
  const from = list.find((t) => t.address === fromAddress) ?? list[0]
  const to = list.find((t) => t.address === toAddress) ?? list[1]
  const units = from ? toUnits(amount, from.decimals) : undefined
  const quote = useSwapQuote({ from: from?.address, to: to?.address, amount: units })
  const native = from?.address.toLowerCase().endsWith(nativeSwapTokenAddress) ?? true
  const allowance = useSwapAllowance({ tokenAddress: native ? undefined : from?.address })
  const swap = useSwap()

  if (tokens.isError) {
    return (
      <section className="card" aria-labelledby="swap-card-title">
        <h2 id="swap-card-title">Swap</h2>
        <p className="muted" data-testid="swap-card-error">
          {(tokens.error as Error).message}
        </p>
      </section>
    )
  }
  const needsApproval = !native && units !== undefined && allowance.data !== undefined && allowance.data < units
  const shown = quote.data && !quote.isDebouncing && quote.data.fromAmount === units ? quote.data : undefined
  return (
    <section className="card" aria-labelledby="swap-card-title" data-testid="swap-card">
      <h2 id="swap-card-title">Swap</h2>
      {!tokens.data ? <p className="muted">Loading tokens…</p> : null}
      <form
        className="swap-form"
        onSubmit={(event) => {
          event.preventDefault()
          if (from && to && units)
            swap.mutate({ from: from.address, to: to.address, amount: units, eip2612: from.eip2612 })
        }}
      >
        <label>
          Pay
          <select value={from?.address ?? ''} onChange={(e) => setFrom(e.target.value)} aria-label="Pay token">
            {list.map((t) => (
              <option key={t.address} value={t.address}>
                {t.symbol}
              </option>
            ))}
          </select>
        </label>
        <label>
          Amount
          <input
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(',', '.'))}
            aria-label="Swap amount"
            placeholder="0.0"
          />
        </label>
        <label>
          Receive
          <select value={to?.address ?? ''} onChange={(e) => setTo(e.target.value)} aria-label="Receive token">
            {list.map((t) => (
              <option key={t.address} value={t.address}>
                {t.symbol}
              </option>
            ))}
          </select>
        </label>
        <p data-testid="swap-card-quote" aria-live="polite">
          {shown && to
            ? `≈ ${formatBalance(formatUnits(shown.toAmount, to.decimals))} ${to.symbol} (at least ${formatBalance(
                formatUnits(shown.minimumReceived, to.decimals),
              )}, ${shown.slippage}% slippage; price impact ${shown.priceImpact?.toFixed(2) ?? '?'}%)`
            : units && (quote.isFetching || quote.isDebouncing)
              ? 'Getting a quote…'
              : quote.isError
                ? (quote.error as Error).message
                : ''}
        </p>
        <button type="submit" disabled={!shown || swap.isPending} data-testid="swap-card-submit">
          {swap.isPending
            ? stepText[swap.step ?? 'allowance']
            : needsApproval
              ? `Approve ${from?.symbol} and swap`
              : 'Swap'}
        </button>
      </form>
      {swap.isSuccess ? (
        <p data-testid="swap-card-result">
          Swapped{swap.data.approval ? ` after a ${swap.data.approval.kind}` : ''}:{' '}
          <code className="mono">{swap.data.hash}</code>
        </p>
      ) : null}
      {swap.isError ? (
        <p className="error" role="alert">
          {swap.error.shortMessage}
        </p>
      ) : null}
    </section>
  )
}
