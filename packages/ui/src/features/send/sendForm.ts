import { type ChainNamespace, isAddressForNamespace, type TokenBalance } from '@portico/headless'
import { type InvalidAmountErrorType, parseAmount } from '@portico/headless/send'
import { usePorticoUI } from '../../context.js'
import type { Formatters } from '../../utils/format.js'
import { createStore, useStore } from '../../utils/store.js'

/**
 * The spec's send state as the form holds it: the token, the amount as typed, the receiver as
 * typed. It outlives the Send view while the user picks a token or reviews the send (each its own
 * view), and is reset after a successful send.
 */
export type SendForm = {
  token: TokenBalance | undefined
  amount: string
  receiver: string
}

const empty: SendForm = { token: undefined, amount: '', receiver: '' }

/** One modal's send form (made on first use, see {@link useSendForm}): it outlives the Send views. */
const createSendForm = () => createStore(empty)

/** @internal The modal's send form and its setters (one form per modal: two on a page never share a send). */
export function useSendForm() {
  const form = usePorticoUI('useSendForm').modal.local(createSendForm)
  const state = useStore(form)
  return { ...state, set: form.set, reset: () => form.set(empty) }
}

/** Why the form cannot be previewed yet, in the order a person fixes it (see `validateSendForm`). */
export type SendFormProblem =
  | { field: 'token'; kind: 'missing' }
  | { field: 'amount'; kind: 'missing' | 'invalid' | 'insufficient' }
  | { field: 'amount'; kind: 'decimals'; decimals: number }
  /** The native currency sent leaves too little for the network fee (the fee estimate says so). */
  | { field: 'amount'; kind: 'fee'; symbol: string }
  | { field: 'receiver'; kind: 'missing' | 'invalid' | 'tokenContract' }
  /** A name being resolved, or one that could not be (see `useReceiver`). */
  | { field: 'receiver'; kind: 'resolving' | 'unresolved' }

/** Base units of a token's decimal balance string (`undefined` when the string is not plain decimal). */
export function balanceUnits(token: TokenBalance): bigint | undefined {
  const decimals = Number(token.quantity.decimals)
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(token.quantity.numeric).trim())
  if (!match || !Number.isInteger(decimals)) return undefined
  const [, integer = '0', fraction = ''] = match
  return BigInt(`${integer}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/** Base units as a plain decimal string for an input (no grouping, no trailing zeros). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/**
 * The same checks `sendToken` makes before the wallet is asked, run as the user types so the
 * button can say what is missing: token, then amount (format, decimals, balance), then receiver
 * (format for the namespace, checksum when mixed case, not the token's own contract). A name
 * receiver is judged by its lookup (`resolved`, from `useReceiver`): still resolving, not
 * resolvable, or its address checked like a typed one.
 */
export function validateSendForm(
  form: SendForm,
  namespace: ChainNamespace | undefined,
  resolved?: { status: 'address' | 'resolving' | 'resolved' | 'error'; address: string } | undefined,
): SendFormProblem | undefined {
  const { token, amount, receiver } = form
  if (!token) return { field: 'token', kind: 'missing' }
  if (amount.trim() === '') return { field: 'amount', kind: 'missing' }
  const decimals = Number(token.quantity.decimals)
  let units: bigint
  try {
    units = parseAmount(amount, decimals)
  } catch (e) {
    const error = e as InvalidAmountErrorType
    if (error.name === 'InvalidAmountError' && error.reason === 'decimals')
      return { field: 'amount', kind: 'decimals', decimals }
    return { field: 'amount', kind: 'invalid' }
  }
  const balance = balanceUnits(token)
  if (balance !== undefined && units > balance) return { field: 'amount', kind: 'insufficient' }
  if (resolved?.status === 'resolving') return { field: 'receiver', kind: 'resolving' }
  if (resolved?.status === 'error') return { field: 'receiver', kind: 'unresolved' }
  const to = (resolved?.status === 'resolved' ? resolved.address : receiver).trim()
  if (to === '') return { field: 'receiver', kind: 'missing' }
  if (!namespace || !isAddressForNamespace(namespace, to)) return { field: 'receiver', kind: 'invalid' }
  if (token.address && token.address.toLowerCase() === to.toLowerCase())
    return { field: 'receiver', kind: 'tokenContract' }
  return undefined
}

/**
 * A network fee for display: fees are far below the balances' 3 decimals (0.000021 ETH would show
 * as 0), so small ones keep 3 significant digits, truncated like every amount here.
 */
export function formatFee(formatted: string, locale: string): string {
  const value = Number(formatted)
  if (!Number.isFinite(value)) return formatted
  return new Intl.NumberFormat(locale, {
    ...(value >= 1 ? { maximumFractionDigits: 3 } : { maximumSignificantDigits: 3 }),
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(value)
}

/**
 * A fee estimate as the send views show it: the fee ({@link formatFee}), its symbol, and its value
 * in the user's currency when the price is known.
 *
 * @example
 * feeText({ formatted: '0.000021', symbol: 'ETH', usd: 0.06 }, format) // '0.000021 ETH ($0.06)'
 */
export function feeText(
  fee: { formatted: string; symbol: string; usd: number | undefined },
  format: Pick<Formatters, 'locale' | 'currency'>,
): string {
  const usd = fee.usd !== undefined ? ` (${format.currency(fee.usd)})` : ''
  return `${formatFee(fee.formatted, format.locale)} ${fee.symbol}${usd}`
}

/**
 * What a transfer that failed says: the wallet's refusal, or the failure with the error's own
 * short message (its message when it has none).
 *
 * @example
 * sendFailureText(text, error, error.name === 'UserRejectedRequestError')
 */
export function sendFailureText(
  text: { sendRejected: string; sendFailed: string },
  error: Error,
  rejected: boolean,
): string {
  return rejected
    ? text.sendRejected
    : `${text.sendFailed}: ${(error as { shortMessage?: string }).shortMessage ?? error.message}`
}
