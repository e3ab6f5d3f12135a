import { expect, test } from 'vitest'
import type { TokenBalance } from '../../kernel/types.js'
import { InsufficientFundsForFeeError } from './errors.js'
import { assertFeeLeft } from './nativeFeeLeft.js'

const eth = (numeric: string): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  quantity: { decimals: '18', numeric },
})
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  quantity: { decimals: '6', numeric: '5' },
}
const check = (token: TokenBalance, units: bigint, fee: bigint, decimals = 18) =>
  assertFeeLeft({ token, units, fee, symbol: token.symbol, decimals })

test('behavior: the native currency passes while the amount and the fee fit its balance, the exact sum included', () => {
  expect(() => check(eth('1.5'), 10n ** 18n, 4n * 10n ** 17n)).not.toThrow()
  expect(() => check(eth('1.5'), 10n ** 18n, 5n * 10n ** 17n)).not.toThrow()
})

test('behavior: an amount that leaves too little for the fee is refused before the wallet is asked, naming the fee', () => {
  let error: unknown
  try {
    check(eth('1.5'), 10n ** 18n, 5n * 10n ** 17n + 1n)
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(InsufficientFundsForFeeError)
  const refused = error as InsufficientFundsForFeeError
  expect(refused.shortMessage).toBe('Not enough ETH left for the network fee')
  expect(refused.fee).toBe(5n * 10n ** 17n + 1n)
  expect(refused.details).toBe('The network fee is about 0.500000000000000001 ETH.')
})

test('behavior: a token pays no fee from its own balance, so it always passes, even all of it', () => {
  expect(() => check(usdc, 5_000_000n, 10n ** 30n, 6)).not.toThrow()
})

test('edge: the balance is read in the token decimals: digits past them are dropped, spaces around it ignored', () => {
  // 0.1234567 SOL at 9 decimals is 123456700 lamports: a fee of 1 lamport more than is left fails.
  const sol: TokenBalance = { ...eth(' 0.1234567 '), symbol: 'SOL', chainId: 'solana:x' }
  expect(() => check(sol, 123_456_000n, 700n, 9)).not.toThrow()
  expect(() => check(sol, 123_456_000n, 701n, 9)).toThrow(InsufficientFundsForFeeError)
  // More fraction digits than the token has: the extra ones are not counted.
  expect(() => check(eth('1.0000000000000000019'), 10n ** 18n, 1n)).not.toThrow()
  expect(() => check(eth('1.0000000000000000019'), 10n ** 18n, 2n)).toThrow(InsufficientFundsForFeeError)
})

test('edge: a balance that does not parse leaves the check to the chain (no throw)', () => {
  for (const numeric of ['', 'abc', '-1', '1e18', '1.', '.5'])
    expect(() => check(eth(numeric), 10n ** 30n, 1n), numeric).not.toThrow()
})
