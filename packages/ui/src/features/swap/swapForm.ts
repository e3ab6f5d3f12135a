import { nativeSwapTokenAddress, type SwapToken } from '@portico/headless/swap'
import { useCallback } from 'react'
import { type ImageProps, nativeMark } from '../../components/marks.js'
import { usePorticoUI } from '../../context.js'
import type { ViewEntry } from '../../modal/views.js'
import { createStore, useStore } from '../../utils/store.js'

/**
 * What `open({ view: 'Swap', data })` may prefill: tokens by symbol or address on the connected
 * network, and the amount to pay as a decimal string in the token's units.
 */
export type SwapViewData = {
  fromToken?: string | undefined
  toToken?: string | undefined
  amount?: string | undefined
  /** @internal The swap flow's own step (token lists, review). */
  step?: 'selectFrom' | 'selectTo' | 'review' | undefined
}

/**
 * @internal The swap form outlives its views: the token lists and the review are history entries
 * of their own (so the header's back button walks the flow), and each reads and writes this one
 * form per modal. Tokens are references (symbol or address), resolved against the token list.
 */
export type SwapFormState = { from: string | undefined; to: string | undefined; amount: string }

const initial: SwapFormState = { from: undefined, to: undefined, amount: '' }

/** @internal The form, and the host's prefill it was last written after. */
export type SwapFormStore = { form: SwapFormState; applied: SwapViewData | undefined }

/**
 * @internal
 * One modal's swap form (made on first use, see {@link useSwapForm}). `applied` is the host's
 * prefill the form was last written after: until then, a flow opened with a prefill shows it.
 */
export function createSwapForm() {
  return createStore<SwapFormStore>({ form: initial, applied: undefined })
}

/** The host's prefill of the flow in `history`: the data of its Swap entry below the steps. */
function prefillOf(history: readonly ViewEntry[]): SwapViewData | undefined {
  const root = history.findLast((entry) => entry.view === 'Swap' && !entry.data?.step)
  const data = root?.view === 'Swap' ? root.data : undefined
  return data && (data.fromToken || data.toToken || data.amount) ? data : undefined
}

/**
 * @internal
 * The form as the flow shows it: a prefill the host opened the flow with (`open({ view: 'Swap',
 * data })`) replaces the form until the user changes it, derived here at render rather than written
 * into the form when the view mounts; the native currency pays by default.
 */
export function swapFormOf(state: SwapFormStore, history: readonly ViewEntry[]): SwapFormState {
  const prefill = prefillOf(history)
  if (!prefill || state.applied === prefill) return state.form
  return {
    from: prefill.fromToken,
    to: prefill.toToken,
    amount: prefill.amount ? sanitizeAmount(prefill.amount) : '',
  }
}

/**
 * @internal The modal's swap form, re-rendering on change, and `update` for the user's edits.
 *
 * @example
 * const { form, update } = useSwapForm()
 * update({ amount: sanitizeAmount(event.target.value) })
 */
export function useSwapForm() {
  const { modal } = usePorticoUI('useSwapForm')
  const store = modal.local(createSwapForm)
  const state = useStore(store)
  const { history } = useStore(modal.navigation)
  const form = swapFormOf(state, history)
  const update = useCallback(
    (patch: Partial<SwapFormState>) => {
      const now = modal.navigation.get().history
      store.set({ form: { ...swapFormOf(store.get(), now), ...patch }, applied: prefillOf(now) ?? store.get().applied })
    },
    [modal, store],
  )
  return { form, update }
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

/**
 * @internal A swap token's icon: the API's logo first; the native currency gets its mark when the kit
 * knows it (the CAIP-10 address names the namespace), shown without a logo or when it does not load.
 */
export function swapTokenImage(token: SwapToken): ImageProps {
  return { src: token.logoUri, mark: isNativeSwapToken(token) ? nativeMark(token.address, token.symbol) : undefined }
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
