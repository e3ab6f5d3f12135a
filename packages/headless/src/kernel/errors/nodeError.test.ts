import {
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  InsufficientFundsError,
  BaseError as ViemBaseError,
  ExecutionRevertedError as ViemExecutionRevertedError,
  NonceTooLowError as ViemNonceTooLowError,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { WalletRequestError } from '../actions/request.js'
import { UserRejectedRequestError } from './network.js'
import { toNodeError } from './nodeError.js'

/** What survives a JSON-RPC hop through a wallet: a plain code and message. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const fromWallet = (cause: unknown) => new WalletRequestError({ method: 'eth_sendTransaction', cause })

describe('toNodeError', () => {
  test.each([
    [
      'execution reverted: ERC20: transfer amount exceeds balance',
      'ExecutionRevertedError',
      'Execution reverted with reason: ERC20: transfer amount exceeds balance.',
    ],
    ['max fee per gas higher than 2^256-1', 'FeeCapTooHighError', 'cannot be higher than the maximum allowed value'],
    ['max fee per gas less than block base fee', 'FeeCapTooLowError', 'cannot be lower than the block base fee'],
    ['nonce too high', 'NonceTooHighError', 'is higher than the next one expected'],
    ['nonce too low', 'NonceTooLowError', 'is lower than the current nonce of the account'],
    ['nonce has max value', 'NonceMaxValueError', 'exceeds the maximum allowed nonce'],
    ['insufficient funds for gas * price + value', 'InsufficientFundsError', 'exceeds the balance of the account'],
    ['intrinsic gas too high', 'IntrinsicGasTooHighError', 'exceeds the limit allowed for the block'],
    ['intrinsic gas too low', 'IntrinsicGasTooLowError', 'is too low'],
    ['transaction type not valid', 'TransactionTypeNotSupportedError', 'not supported'],
    [
      'max priority fee per gas higher than max fee per gas',
      'TipAboveFeeCapError',
      'cannot be higher than the fee cap',
    ],
  ])('parameters: a wallet error "%s" is viem\'s %s', (message, name, words) => {
    const error = toNodeError(fromWallet(rpcError(-32000, message))) as ViemBaseError
    expect(error).toBeInstanceOf(ViemBaseError)
    expect(error.name).toBe(name)
    expect(error.shortMessage).toContain(words)
    // The wallet's error is the cause.
    expect(error.cause).toBeInstanceOf(WalletRequestError)
  })

  test('behavior: an unknown message in the server-error range is UnknownNodeError', () => {
    expect(toNodeError(fromWallet(rpcError(-32000, 'the node is tired')))).toMatchObject({
      name: 'UnknownNodeError',
      shortMessage: 'An error occurred while executing: the node is tired',
    })
  })

  test('behavior: code 3 without a known message is ExecutionRevertedError', () => {
    expect(toNodeError(rpcError(3, 'reverted'))).toMatchObject({ name: 'ExecutionRevertedError' })
  })

  test("behavior: viem's node and contract errors in the chain pass through as viem typed them", () => {
    const nonce = new ViemNonceTooLowError({ cause: new ViemBaseError('whatever the node said') })
    expect(toNodeError(fromWallet(nonce))).toBe(nonce)
    const reverted = new ViemExecutionRevertedError({ message: 'boom' })
    expect(toNodeError(reverted)).toBe(reverted)
    const zero = new ContractFunctionZeroDataError({ functionName: 'balanceOf' })
    expect(toNodeError(zero)).toBe(zero)
    const revert = new ContractFunctionRevertedError({ abi: erc20Abi, functionName: 'transfer', message: 'nope' })
    expect(toNodeError(revert)).toBe(revert)
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
