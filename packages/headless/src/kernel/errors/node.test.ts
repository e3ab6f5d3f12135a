import {
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  BaseError as ViemBaseError,
  ExecutionRevertedError as ViemExecutionRevertedError,
  NonceTooLowError as ViemNonceTooLowError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { WalletRequestError } from '../actions/request.js'
import type { BaseError } from './base.js'
import { UserRejectedRequestError } from './network.js'
import { InsufficientFundsError, toNodeError } from './node.js'

/** What survives a JSON-RPC hop through a wallet: a plain code and message. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const fromWallet = (cause: unknown) => new WalletRequestError({ method: 'eth_sendTransaction', cause })

describe('toNodeError', () => {
  test.each([
    ['execution reverted: ERC20: transfer amount exceeds balance', 'ExecutionRevertedError', 'Execution reverted'],
    ['max fee per gas higher than 2^256-1', 'FeeCapTooHighError', 'The fee cap is too high'],
    ['max fee per gas less than block base fee', 'FeeCapTooLowError', 'The fee cap is too low'],
    ['nonce too high', 'NonceTooHighError', 'Nonce is too high'],
    ['nonce too low', 'NonceTooLowError', 'Nonce is too low'],
    ['nonce has max value', 'NonceMaxValueError', 'Nonce has reached its maximum value'],
    ['insufficient funds for gas * price + value', 'InsufficientFundsError', 'Insufficient funds for gas and value'],
    ['intrinsic gas too high', 'IntrinsicGasTooHighError', 'The gas limit is too high'],
    ['intrinsic gas too low', 'IntrinsicGasTooLowError', 'The gas limit is too low'],
    ['transaction type not valid', 'TransactionTypeNotSupportedError', 'Transaction type not supported'],
    [
      'max priority fee per gas higher than max fee per gas',
      'TipAboveFeeCapError',
      'The priority fee is higher than the fee cap',
    ],
    [
      'The contract function "balanceOf" returned no data ("0x").',
      'ContractZeroDataError',
      'The contract returned no data',
    ],
    ['contract deployment failed', 'ContractDeploymentFailedError', 'Contract deployment failed'],
  ])('parameters: a wallet error "%s" is %s', (message, name, shortMessage) => {
    const error = toNodeError(fromWallet(rpcError(-32000, message))) as BaseError
    expect(error).toMatchObject({ name, shortMessage })
    expect((error as { details?: string }).details).toBe(message)
  })

  test('behavior: an unknown message in the server-error range is UnknownNodeError', () => {
    expect(toNodeError(fromWallet(rpcError(-32000, 'the node is tired')))).toMatchObject({
      name: 'UnknownNodeError',
      shortMessage: 'An unknown node error occurred',
    })
  })

  test('behavior: code 3 without a known message is ExecutionRevertedError', () => {
    expect(toNodeError(rpcError(3, 'reverted'))).toMatchObject({ name: 'ExecutionRevertedError' })
  })

  test("behavior: viem's error classes are walked before messages", () => {
    const viem = new ViemNonceTooLowError({ cause: new ViemBaseError('whatever the node said') })
    expect(toNodeError(fromWallet(viem))).toMatchObject({ name: 'NonceTooLowError' })
    expect(toNodeError(new ViemExecutionRevertedError({ message: 'boom' }))).toMatchObject({
      name: 'ExecutionRevertedError',
    })
    const zero = new ContractFunctionZeroDataError({ functionName: 'balanceOf' })
    expect(toNodeError(zero)).toMatchObject({ name: 'ContractZeroDataError' })
    const revert = new ContractFunctionRevertedError({ abi: erc20Abi, functionName: 'transfer', message: 'nope' })
    expect(toNodeError(revert)).toMatchObject({ name: 'ContractRevertError', shortMessage: 'The contract reverted' })
  })

  test('behavior: rejections, node errors already mapped and unrelated errors pass through unchanged', () => {
    const rejected = new UserRejectedRequestError({ cause: rpcError(4001, 'User rejected the request.') })
    expect(toNodeError(rejected)).toBe(rejected)
    const mapped = new InsufficientFundsError()
    expect(toNodeError(mapped)).toBe(mapped)
    const other = fromWallet(new Error('The wallet is locked'))
    expect(toNodeError(other)).toBe(other)
    expect(toNodeError(undefined)).toBeUndefined()
  })
})

test("the node messages matched are viem's own patterns (written out so page start does not import viem)", async () => {
  const viem = await import('viem')
  const source = (await import('node:fs')).readFileSync(new URL('./node.ts', import.meta.url), 'utf8')
  // The formatter may wrap an entry: compare without whitespace.
  const flat = source.replace(/\s+/g, '')
  for (const name of [
    'ExecutionRevertedError',
    'FeeCapTooHighError',
    'FeeCapTooLowError',
    'NonceTooHighError',
    'NonceTooLowError',
    'NonceMaxValueError',
    'InsufficientFundsError',
    'IntrinsicGasTooHighError',
    'IntrinsicGasTooLowError',
    'TransactionTypeNotSupportedError',
    'TipAboveFeeCapError',
  ] as const)
    expect(flat, name).toContain(`[${String(viem[name].nodeMessage)},${name}`.replace(/\s+/g, ''))
  expect(source).not.toMatch(/from 'viem'/)
})
