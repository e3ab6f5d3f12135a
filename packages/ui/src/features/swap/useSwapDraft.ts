import { type TokenBalance, useBalance } from '@portico/headless'
// The swap hooks from their own entry: see packages/headless/src/exports/swap.ts (page start).
import type { SwapToken } from '@portico/headless/swap'
import { useSwapAllowance, useSwapGasPrice, useSwapQuote } from '@portico/headless/swap/react'
import { isNativeSwapToken, parseUnits, resolveSwapToken, useSwapForm } from './swapForm.js'

/** Gas of a Uniswap V2 swap and of an ERC20 approve, for the fee shown before the wallet prices it. */
const swapGas = 150_000n
const approveGas = 50_000n

/** An address without its CAIP-10 prefix, lower case: how two references to a token compare. */
export const bare = (address: string | undefined) => address?.split(':').at(-1)?.toLowerCase()

/** The wallet's balance of `token` (the native one has no address). */
export function balanceOf(balances: readonly TokenBalance[] | undefined, token: SwapToken | undefined) {
  if (!balances || !token) return undefined
  if (isNativeSwapToken(token)) return balances.find((b) => !b.address)
  return balances.find((b) => bare(b.address) === bare(token.address))
}

function toUnits(amount: string, decimals: number): bigint | undefined {
  return parseUnits(amount, decimals)
}

/** The live form state shared by the form and the review: tokens, amounts, quote, fee. */
export function useSwapDraft(tokens: readonly SwapToken[]) {
  const { form, update } = useSwapForm()
  const to = resolveSwapToken(tokens, form.to)
  // The native currency pays by default, unless it is what the user picked to receive (picking it
  // there flips the pair, and an empty pay side must not fall back to the same token).
  const from =
    resolveSwapToken(tokens, form.from) ??
    (form.from || isNativeSwapToken(to) ? undefined : tokens.find(isNativeSwapToken))
  const balances = useBalance()
  const fromBalance = balanceOf(balances.data, from)
  const toBalance = balanceOf(balances.data, to)
  const amount = from ? toUnits(form.amount, from.decimals) : undefined
  // A zero balance is a balance: anything typed is then more than it. The blockchain API lists only
  // the tokens an address holds, so a token missing from a list that has loaded is one it holds none of.
  const available =
    from && balances.data
      ? fromBalance
        ? (toUnits(fromBalance.quantity.numeric, from.decimals) ?? 0n)
        : 0n
      : undefined
  const quote = useSwapQuote({ from: from?.address, to: to?.address, amount })
  const gas = useSwapGasPrice()
  // A token (not the native currency) is spent through an allowance.
  const spendsToken = from !== undefined && !isNativeSwapToken(from)
  const allowance = useSwapAllowance({ tokenAddress: spendsToken ? from.address : undefined })
  // A token's review lists the approve step only once its allowance is known: until then the
  // review would offer a plain swap that then asks for an approval nobody was shown.
  const allowanceKnown = !spendsToken || allowance.data !== undefined
  const needsApproval = spendsToken && amount !== undefined && allowance.data !== undefined && allowance.data < amount
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

/** The network's native currency symbol, from the token list (fees are paid in it). */
export function useNativeSymbol(tokens: readonly SwapToken[]) {
  return { nativeSymbol: tokens.find(isNativeSwapToken)?.symbol ?? 'ETH' }
}
