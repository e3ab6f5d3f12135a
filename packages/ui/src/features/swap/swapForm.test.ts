import type { SwapToken } from '@portico/headless/swap'
import { expect, test } from 'vitest'
import {
  createSwapForm,
  formatUnits,
  isNativeSwapToken,
  parseUnits,
  resolveSwapToken,
  sanitizeAmount,
  swapFormOf,
} from './swapForm.js'

const token = (symbol: string, address: string): SwapToken => ({
  name: symbol,
  symbol,
  address: `eip155:31337:${address}`,
  decimals: 18,
  logoUri: undefined,
  price: undefined,
  eip2612: false,
})
const eth = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const usdc = token('USDC', '0x5FbDB2315678afecb367f032d93F642f64180aa3')

test('sanitizeAmount: a decimal comma becomes a point; letters, signs and extra points are dropped', () => {
  expect(sanitizeAmount('1,5')).toBe('1.5')
  expect(sanitizeAmount('-12a.3.4')).toBe('12.34')
  expect(sanitizeAmount('.5')).toBe('.5')
  expect(sanitizeAmount('1e18')).toBe('118')
  expect(sanitizeAmount('')).toBe('')
})

test('resolveSwapToken: by bare or CAIP-10 address (any case) or by symbol; unknown is undefined', () => {
  const tokens = [eth, usdc]
  expect(resolveSwapToken(tokens, 'usdc')).toBe(usdc)
  expect(resolveSwapToken(tokens, '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(usdc)
  expect(resolveSwapToken(tokens, usdc.address)).toBe(usdc)
  expect(resolveSwapToken(tokens, 'DAI')).toBeUndefined()
  expect(resolveSwapToken(undefined, 'ETH')).toBeUndefined()
  expect(isNativeSwapToken(eth)).toBe(true)
  expect(isNativeSwapToken(usdc)).toBe(false)
})

test('the swap form is one per modal: each store its own', () => {
  const a = createSwapForm()
  const b = createSwapForm()
  a.set({ form: { ...a.get().form, amount: '1' }, applied: undefined })
  b.set({ form: { ...b.get().form, amount: '2', to: 'PTK' }, applied: undefined })
  a.set({ form: { ...a.get().form, to: 'USDC' }, applied: undefined })
  expect(a.get().form).toEqual({ from: undefined, to: 'USDC', amount: '1' })
  expect(b.get().form).toEqual({ from: undefined, to: 'PTK', amount: '2' })
})

test("a host's prefill shows until the user changes the form, once: its steps and a return to the form keep the edit", () => {
  const form = createSwapForm()
  form.set({ form: { from: undefined, to: 'PTK', amount: '5' }, applied: undefined })
  const prefill = { fromToken: 'ETH', toToken: 'USDC', amount: '0,1' }
  const flow = [{ view: 'Swap' as const, data: prefill }]
  expect(swapFormOf(form.get(), flow)).toEqual({ from: 'ETH', to: 'USDC', amount: '0.1' })
  // The token list is a step of the same flow: it sees the prefill too.
  expect(swapFormOf(form.get(), [...flow, { view: 'Swap', data: { step: 'selectTo' } }])).toEqual({
    from: 'ETH',
    to: 'USDC',
    amount: '0.1',
  })
  form.set({ form: { ...swapFormOf(form.get(), flow), amount: '2' }, applied: prefill })
  expect(swapFormOf(form.get(), flow)).toEqual({ from: 'ETH', to: 'USDC', amount: '2' })
  // A flow opened without a prefill shows the form as it is.
  expect(swapFormOf(form.get(), [{ view: 'Swap' }])).toEqual({ from: 'ETH', to: 'USDC', amount: '2' })
})

test('formatUnits: exact, no trailing zeros, zero decimals', () => {
  expect(formatUnits(1_500_000n, 6)).toBe('1.5')
  expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
  expect(formatUnits(10n ** 18n, 18)).toBe('1')
  expect(formatUnits(0n, 6)).toBe('0')
  expect(formatUnits(42n, 0)).toBe('42')
  expect(formatUnits(-2_500_000n, 6)).toBe('-2.5')
  expect(formatUnits(2n ** 256n - 1n, 18)).toBe(
    '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
  )
})

test('parseUnits: exact base units; too many decimals, zero and junk are undefined', () => {
  expect(parseUnits('1.5', 6)).toBe(1_500_000n)
  expect(parseUnits('.25', 18)).toBe(250_000_000_000_000_000n)
  expect(parseUnits('1.50', 1)).toBe(15n)
  expect(parseUnits('0.0000001', 6)).toBeUndefined()
  expect(parseUnits('0', 6)).toBeUndefined()
  expect(parseUnits('.', 6)).toBeUndefined()
  expect(parseUnits('1e5', 6)).toBeUndefined()
})
