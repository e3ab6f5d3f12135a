import { nativeSwapTokenAddress, type SwapToken } from '@portico/headless/swap'
import { useSyncExternalStore } from 'react'

/**
 * @internal The swap form outlives its views: the token lists and the review are history entries
 * of their own (so the header's back button walks the flow), and each reads and writes this one
 * form per modal. Tokens are references (symbol or address), resolved against the token list.
 */
export type SwapFormState = { from: string | undefined; to: string | undefined; amount: string }

type FormStore = { state: SwapFormState; listeners: Set<() => void> }
const forms = new WeakMap<object, FormStore>()
const initial: SwapFormState = { from: undefined, to: undefined, amount: '' }

function formOf(owner: object): FormStore {
  let form = forms.get(owner)
  if (!form) {
    form = { state: initial, listeners: new Set() }
    forms.set(owner, form)
  }
  return form
}

/** @internal Replaces part of the form of `owner` (the modal store). */
export function updateSwapForm(owner: object, patch: Partial<SwapFormState>): void {
  const form = formOf(owner)
  form.state = { ...form.state, ...patch }
  for (const listener of form.listeners) listener()
}

/** @internal The form of `owner` now. */
export function readSwapForm(owner: object): SwapFormState {
  return formOf(owner).state
}

/** @internal The form of `owner`, re-rendering on change. */
export function useSwapForm(owner: object): SwapFormState {
  const form = formOf(owner)
  return useSyncExternalStore(
    (listener) => {
      form.listeners.add(listener)
      return () => form.listeners.delete(listener)
    },
    () => form.state,
    () => form.state,
  )
}

const bare = (address: string) => address.split(':').at(-1)?.toLowerCase()

/** @internal The token a reference names: its address (bare or CAIP-10) or its symbol. */
export function resolveSwapToken(tokens: readonly SwapToken[] | undefined, ref: string | undefined) {
  if (!tokens || !ref) return undefined
  const wanted = ref.toLowerCase()
  return tokens.find((t) => bare(t.address) === bare(wanted)) ?? tokens.find((t) => t.symbol.toLowerCase() === wanted)
}

/** @internal Whether `token` is the network's native currency. */
export function isNativeSwapToken(token: SwapToken | undefined): boolean {
  return bare(token?.address ?? '') === nativeSwapTokenAddress
}

/** @internal A typed amount, normalised: a decimal comma becomes a point, anything else is dropped. */
export function sanitizeAmount(typed: string): string {
  const cleaned = typed.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const [whole = '', ...rest] = cleaned.split('.')
  return rest.length ? `${whole}.${rest.join('')}` : whole
}

/**
 * @internal Base units as an exact decimal string (`1500000n`, 6 → `'1.5'`), bigint maths only.
 * Here rather than viem's: the UI package bundles what it imports, and viem's entry is large.
 */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * @internal A typed decimal amount in base units, exactly; undefined when it is not a positive
 * amount the token can hold (empty, a lone point, more decimals than the token has, zero).
 */
export function parseUnits(amount: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount.trim())
  if (!match) return undefined
  const [, whole = '', fraction = ''] = match
  const significant = fraction.replace(/0+$/, '')
  if ((whole === '' && fraction === '') || significant.length > decimals) return undefined
  const units = BigInt(`${whole || '0'}${significant.padEnd(decimals, '0')}`)
  return units > 0n ? units : undefined
}
