import type { TokenBalance } from '@portico/headless'
import { expect, test } from 'vitest'
import { createFormatters } from '../../utils/format.js'
import { balanceUnits, feeText, formatFee, sendFailureText, unitsToDecimal, validateSendForm } from './sendForm.js'

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainId: 'eip155:31337',
  quantity: { decimals: '6', numeric: '100.5' },
}
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('validateSendForm names the first thing to fix, in form order', () => {
  const check = (form: Partial<Parameters<typeof validateSendForm>[0]>, namespace: 'eip155' | 'solana' = 'eip155') =>
    validateSendForm({ token: usdc, amount: '1', receiver, ...form }, namespace)
  expect(check({ token: undefined })).toEqual({ field: 'token', kind: 'missing' })
  expect(check({ amount: ' ' })).toEqual({ field: 'amount', kind: 'missing' })
  for (const amount of ['1e3', '-1', '0', 'abc', '1,5'])
    expect(check({ amount })).toEqual({ field: 'amount', kind: 'invalid' })
  expect(check({ amount: '0.0000001' })).toEqual({ field: 'amount', kind: 'decimals', decimals: 6 })
  expect(check({ amount: '100.500001' })).toEqual({ field: 'amount', kind: 'insufficient' })
  expect(check({ amount: '100.5' })).toBeUndefined()
  expect(check({ receiver: '' })).toEqual({ field: 'receiver', kind: 'missing' })
  // A checksum typo (case flipped) and a Solana address on EVM.
  expect(check({ receiver: receiver.replace('C8', 'c8') })).toEqual({ field: 'receiver', kind: 'invalid' })
  expect(check({ receiver: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' })).toEqual({
    field: 'receiver',
    kind: 'invalid',
  })
  expect(check({ receiver: usdc.address as string })).toEqual({ field: 'receiver', kind: 'tokenContract' })
  expect(check({ receiver: receiver.toLowerCase() })).toBeUndefined()
})

test('units and decimals convert exactly', () => {
  expect(balanceUnits(usdc)).toBe(100_500_000n)
  expect(unitsToDecimal(100_500_000n, 6)).toBe('100.5')
  expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001')
  expect(unitsToDecimal(5n * 10n ** 18n, 18)).toBe('5')
})

test('formatFee keeps small fees readable and truncates', () => {
  expect(formatFee('0.000052349', 'en-US')).toBe('0.0000523')
  expect(formatFee('0.000005', 'en-US')).toBe('0.000005')
  expect(formatFee('1.23456', 'en-US')).toBe('1.234')
  expect(formatFee('0.000052349', 'de')).toBe('0,0000523')
})

test('validateSendForm: a name receiver is judged by its lookup (resolving, unresolved, then its address like a typed one)', () => {
  const token = {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:31337' as const,
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    quantity: { decimals: '6', numeric: '10' },
  }
  const form = { token, amount: '1', receiver: 'bob.reown.id' }
  expect(validateSendForm(form, 'eip155', { status: 'resolving', address: '' })).toEqual({
    field: 'receiver',
    kind: 'resolving',
  })
  expect(validateSendForm(form, 'eip155', { status: 'error', address: '' })).toEqual({
    field: 'receiver',
    kind: 'unresolved',
  })
  const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  expect(validateSendForm(form, 'eip155', { status: 'resolved', address: bob })).toBeUndefined()
  // A name that resolves to the token's own contract is refused like the typed contract.
  expect(validateSendForm(form, 'eip155', { status: 'resolved', address: token.address })).toEqual({
    field: 'receiver',
    kind: 'tokenContract',
  })
  // An amount problem still comes first.
  expect(validateSendForm({ ...form, amount: '100' }, 'eip155', { status: 'resolving', address: '' })).toMatchObject({
    field: 'amount',
  })
})

test('feeText: the fee with its symbol, and its value in the currency only when the price is known', () => {
  const format = createFormatters('en-US')
  expect(feeText({ formatted: '0.0000213456', symbol: 'ETH', usd: undefined }, format)).toBe('0.0000213 ETH')
  expect(feeText({ formatted: '0.0000213456', symbol: 'ETH', usd: 0.06 }, format)).toBe(
    `0.0000213 ETH (${format.currency(0.06)})`,
  )
})

test('sendFailureText: a refusal says so; another failure names its short message, else its message', () => {
  const text = { sendRejected: 'Rejected', sendFailed: 'Failed' }
  const withShort = Object.assign(new Error('long text'), { shortMessage: 'Insufficient funds' })
  expect(sendFailureText(text, withShort, true)).toBe('Rejected')
  expect(sendFailureText(text, withShort, false)).toBe('Failed: Insufficient funds')
  expect(sendFailureText(text, new Error('execution reverted'), false)).toBe('Failed: execution reverted')
})
